/**
 * `create clusterrolebinding NAME --clusterrole=NAME`: a ClusterRoleBinding for the given subjects.
 */
import { GROUPS } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { sendGenerated, startGenerator } from '../../../resource-builders/generated.js';
import { roleRef, subjects } from '../shared/subjects.js';
import { typedObject } from '../../../resource-builders/typed.js';

const CLUSTERROLEBINDINGS = { group: GROUPS.rbac, version: 'v1', resource: 'clusterrolebindings', namespaced: false, kind: 'ClusterRoleBinding' } as const;

/** Runs `create clusterrolebinding`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const invocation = await startGenerator(ctx, args, flags, ['clusterrole']);
  await sendGenerated(ctx, flags, invocation, {
    descriptor: CLUSTERROLEBINDINGS,
    failurePrefix: 'failed to create clusterrolebinding: ',
    object: typedObject(CLUSTERROLEBINDINGS, { name: invocation.name }, {
      subjects: subjects(flags.strings('user'), flags.strings('group'), flags.strings('serviceaccount')),
      roleRef: roleRef('ClusterRole', flags.string('clusterrole') ?? ''),
    }),
  });
}
