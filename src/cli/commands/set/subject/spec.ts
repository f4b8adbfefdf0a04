/** `platformctl set subject`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { setFlags } from '../shared/set-command.js';

/** `set subject`. */
export const spec = defineCommand({
  name: 'subject',
  usage: '(-f FILENAME | TYPE NAME) [--user=username] [--group=groupname] [--serviceaccount=namespace:serviceaccountname] [--dry-run=server|client|none]',
  summary: 'Update the user, group, or service account in a role binding or cluster role binding',
  description: 'Update the user, group, or service account in a role binding or cluster role binding.',
  examples: [
    { description: 'Update a cluster role binding for serviceaccount1', command: `${BINARY_NAME} set subject clusterrolebinding admin --serviceaccount=namespace:serviceaccount1`, notRunnable: 'needs a cluster role binding admin' },
    { description: 'Update a role binding for user1, user2, and group1', command: `${BINARY_NAME} set subject rolebinding admin --user=user1 --user=user2 --group=group1`, notRunnable: 'needs a role binding admin' },
    { description: 'Print the result (in YAML format) of updating rolebinding subjects from a local, without hitting the server', command: `${BINARY_NAME} create rolebinding admin --role=admin --user=admin -o yaml --dry-run=client | ${BINARY_NAME} set subject --local -f - --user=foo -o yaml`, notRunnable: 'needs create rolebinding (another command)' },
  ],
  flags: setFlags('subject', [
    { name: 'group', type: 'stringArray', default: [], description: 'Groups to bind to the role' },
    { name: 'serviceaccount', type: 'stringArray', default: [], description: 'Service accounts to bind to the role' },
    { name: 'user', type: 'stringArray', default: [], description: 'Usernames to bind to the role' },
  ]),
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
