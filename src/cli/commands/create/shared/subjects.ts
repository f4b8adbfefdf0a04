/**
 * The subjects of `create rolebinding` and `create clusterrolebinding`: `--user`, `--group` and
 * `--serviceaccount=namespace:name`, in that order, as kubectl's generators list them.
 */
import { GROUPS } from '../../../../sdk/naming.js';
import type { FlagSpec } from '../../../framework/spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { struct, type Struct } from '../../../resource-builders/typed.js';

/** `--user`, `--group`, `--serviceaccount`, worded for the role kind bound (`role`, `clusterrole`). */
export function subjectFlags(target: 'role' | 'clusterrole') {
  return [
    { name: 'group', type: 'stringArray', default: [], description: `Groups to bind to the ${target}. The flag can be repeated to add multiple groups.` },
    { name: 'serviceaccount', type: 'stringArray', default: [], description: `Service accounts to bind to the ${target}, in the format <namespace>:<name>. The flag can be repeated to add multiple service accounts.` },
    { name: 'user', type: 'stringArray', default: [], description: `Usernames to bind to the ${target}. The flag can be repeated to add multiple users.` },
  ] as const satisfies readonly FlagSpec[];
}

/** The `rbacv1.Subject`s of the flags (undefined when there are none: `subjects` is omitempty). */
export function subjects(users: readonly string[], groups: readonly string[], serviceAccounts: readonly string[]): Struct[] | undefined {
  const out: Struct[] = [
    ...users.map((name) => struct({ kind: 'User', apiGroup: GROUPS.rbac, name })),
    ...groups.map((name) => struct({ kind: 'Group', apiGroup: GROUPS.rbac, name })),
  ];
  for (const sa of serviceAccounts) {
    const parts = sa.split(':');
    if (parts.length !== 2 || parts[0] === '' || parts[1] === '') throw new UsageError('serviceaccount must be <namespace>:<name>', false);
    out.push({ kind: 'ServiceAccount', name: parts[1], namespace: parts[0] });
  }
  return out.length === 0 ? undefined : out;
}

/** `rbacv1.RoleRef`. */
export function roleRef(kind: 'Role' | 'ClusterRole', name: string): Struct {
  return { apiGroup: GROUPS.rbac, kind, name };
}
