/**
 * `platformctl create clusterrolebinding NAME --clusterrole=NAME [--user=username] [--group=groupname] [--serviceaccount=namespace:serviceaccountname]`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';
import { subjectFlags } from '../shared/subjects.js';

/** `create clusterrolebinding`. */
export const spec = defineCommand({
  name: 'clusterrolebinding',
  usage: 'NAME --clusterrole=NAME [--user=username] [--group=groupname] [--serviceaccount=namespace:serviceaccountname] [--dry-run=server|client|none] [options]',
  summary: 'Create a cluster role binding for a particular cluster role',
  description: 'Create a cluster role binding for a particular cluster role.',
  examples: [
    { description: 'Create a cluster role binding for user1, user2, and group1 using the cluster-admin cluster role', command: `${BINARY_NAME} create clusterrolebinding cluster-admin --clusterrole=cluster-admin --user=user1 --user=user2 --group=group1` },
  ],
  flags: [
    ...GENERATOR_FLAGS,
    { name: 'clusterrole', type: 'string', default: '', description: 'ClusterRole this ClusterRoleBinding should reference' },
    ...subjectFlags('clusterrole'),
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
