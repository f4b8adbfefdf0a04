/**
 * `create rolebinding NAME`: a RoleBinding to `--role` or `--clusterrole` for the given subjects.
 */
import { GROUPS } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { sendGenerated, startGenerator } from '../../../resource-builders/generated.js';
import { roleRef, subjects } from '../shared/subjects.js';
import { typedObject } from '../../../resource-builders/typed.js';

const ROLEBINDINGS = { group: GROUPS.rbac, version: 'v1', resource: 'rolebindings', namespaced: true, kind: 'RoleBinding' } as const;

/** Runs `create rolebinding`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const invocation = await startGenerator(ctx, args, flags);
  const { name, enforcedNamespace } = invocation;
  const clusterRole = flags.string('clusterrole') ?? '';
  const role = flags.string('role') ?? '';
  if (name === '') throw new UsageError('name must be specified', false);
  if ((clusterRole === '') === (role === '')) throw new UsageError('exactly one of clusterrole or role must be specified', false);
  await sendGenerated(ctx, flags, invocation, {
    descriptor: ROLEBINDINGS,
    failurePrefix: 'failed to create rolebinding: ',
    object: typedObject(ROLEBINDINGS, { name, namespace: enforcedNamespace }, {
      subjects: subjects(flags.strings('user'), flags.strings('group'), flags.strings('serviceaccount')),
      roleRef: role !== '' ? roleRef('Role', role) : roleRef('ClusterRole', clusterRole),
    }),
  });
}
