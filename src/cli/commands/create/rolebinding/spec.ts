/**
 * `platformctl create rolebinding NAME --clusterrole=NAME|--role=NAME [--user=username] [--group=groupname] [--serviceaccount=namespace:serviceaccountname]`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';
import { subjectFlags } from '../shared/subjects.js';

/** `create rolebinding`. */
export const spec = defineCommand({
  name: 'rolebinding',
  usage: 'NAME --clusterrole=NAME|--role=NAME [--user=username] [--group=groupname] [--serviceaccount=namespace:serviceaccountname] [--dry-run=server|client|none] [options]',
  summary: 'Create a role binding for a particular role or cluster role',
  description: 'Create a role binding for a particular role or cluster role.',
  examples: [
    { description: 'Create a role binding for user1, user2, and group1 using the admin cluster role', command: `${BINARY_NAME} create rolebinding admin --clusterrole=admin --user=user1 --user=user2 --group=group1` },
    { description: 'Create a role binding for service account monitoring:sa-dev using the admin role', command: `${BINARY_NAME} create rolebinding admin-binding --role=admin --serviceaccount=monitoring:sa-dev` },
  ],
  flags: [
    ...GENERATOR_FLAGS,
    { name: 'clusterrole', type: 'string', default: '', description: 'ClusterRole this RoleBinding should reference' },
    { name: 'role', type: 'string', default: '', description: 'Role this RoleBinding should reference' },
    ...subjectFlags('role'),
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
