/**
 * `platformctl create clusterrolebinding NAME --clusterrole=NAME [--user=username] [--group=groupname] [--serviceaccount=namespace:serviceaccountname]`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import type { CommandSpec, FlagSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';
import { subjectFlags } from '../shared/subjects.js';

const flags = [
  ...GENERATOR_FLAGS,
  { name: 'clusterrole', type: 'string', default: '', description: 'ClusterRole this ClusterRoleBinding should reference' },
  ...subjectFlags('clusterrole'),
] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `create clusterrolebinding`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'clusterrolebinding',
  usage: 'NAME --clusterrole=NAME [--user=username] [--group=groupname] [--serviceaccount=namespace:serviceaccountname] [--dry-run=server|client|none] [options]',
  summary: 'Create a cluster role binding for a particular cluster role',
  description: 'Create a cluster role binding for a particular cluster role.',
  examples: [
    { description: 'Create a cluster role binding for user1, user2, and group1 using the cluster-admin cluster role', command: `${BINARY_NAME} create clusterrolebinding cluster-admin --clusterrole=cluster-admin --user=user1 --user=user2 --group=group1` },
  ],
  flags,
  args: 'none',
  load: async () => (await import('./run.js')).run,
};
