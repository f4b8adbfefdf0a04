/**
 * `set subject`: adds users, groups and service accounts (`NAMESPACE:NAME`, the namespace
 * defaulting to the current one) to RoleBindings and ClusterRoleBindings, each once, in kubectl's
 * order (users, groups, service accounts, each sorted).
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { LOCAL_RESOURCE_ERROR, runSetCommand } from '../shared/set-command.js';

type Subject = Record<string, string>;

const RBAC_GROUP = 'rbac.authorization.platform.io';

function sameSubject(a: unknown, b: Subject): boolean {
  if (a === null || typeof a !== 'object') return false;
  const o = a as Record<string, unknown>;
  return ['kind', 'apiGroup', 'name', 'namespace'].every((k) => (o[k] ?? '') === (b[k] ?? ''));
}

/** Runs `set subject`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const local = flags.bool('local');
  if (local && args.length > 0) throw new UsageError(LOCAL_RESOURCE_ERROR, false);
  const users = [...new Set(flags.strings('user'))].sort();
  const groups = [...new Set(flags.strings('group'))].sort();
  const accounts = [...new Set(flags.strings('serviceaccount'))].sort();
  if (users.length === 0 && groups.length === 0 && accounts.length === 0) throw new UsageError('you must specify at least one value of user, group or serviceaccount', false);
  for (const sa of accounts) {
    const tokens = sa.split(':');
    if (tokens.length !== 2 || tokens[1] === '') throw new UsageError('serviceaccount must be <namespace>:<name>', false);
  }
  const { namespace } = await ctx.namespace();
  const subjects: Subject[] = [
    ...users.map((name) => ({ kind: 'User', apiGroup: RBAC_GROUP, name })),
    ...groups.map((name) => ({ kind: 'Group', apiGroup: RBAC_GROUP, name })),
    ...accounts.map((sa) => {
      const [ns = '', name = ''] = sa.split(':');
      return { kind: 'ServiceAccount', name, namespace: ns === '' ? namespace : ns };
    }),
  ];
  await runSetCommand(ctx, args, flags, 'subjects updated', (object, errors, ref) => {
    if (object.kind !== 'RoleBinding' && object.kind !== 'ClusterRoleBinding') {
      errors.push(`${ref} setting subjects is only supported for RoleBinding/ClusterRoleBinding`);
      return;
    }
    if (object.kind === 'ClusterRoleBinding' && accounts.some((sa) => sa.startsWith(':'))) {
      errors.push('serviceaccount must be <namespace>:<name>, namespace must be specified');
      return;
    }
    const holder = object as Record<string, unknown>;
    const existing = Array.isArray(holder.subjects) ? [...(holder.subjects as unknown[])] : [];
    const added = subjects.filter((s) => !existing.some((e) => sameSubject(e, s)));
    if (added.length > 0) holder.subjects = [...existing, ...added.map((s) => ({ ...s }))];
  }, { skipOnError: true, patchError: (m) => `failed to patch subjects to rolebinding: ${m}` });
}
