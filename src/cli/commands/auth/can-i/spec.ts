/**
 * `platformctl auth can-i`.
 */
import { BINARY_NAME, DOMAIN } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { ALL_NAMESPACES_FLAG_CHECK_HELP } from '../../../resource/selection.js';

/** `auth can-i`. */
export const spec = defineCommand({
  name: 'can-i',
  usage: 'VERB [TYPE | TYPE/NAME | NONRESOURCEURL]',
  summary: 'Check whether an action is allowed',
  description: [
    'Check whether an action is allowed.',
    '',
    " VERB is a logical API verb like 'get', 'list', 'watch', 'delete', etc. TYPE is a resource type. Shortcuts and groups will be resolved. NONRESOURCEURL is a partial URL that starts with \"/\". NAME is the name of a particular resource. This command pairs nicely with impersonation. See --as global flag.",
  ].join('\n'),
  examples: [
    { description: 'Check to see if I can create pods in any namespace', command: `${BINARY_NAME} auth can-i create pods --all-namespaces` },
    { description: 'Check to see if I can list deployments in my current namespace', command: `${BINARY_NAME} auth can-i list deployments.apps` },
    { description: 'Check to see if service account "foo" of namespace "dev" can list pods in the namespace "prod"; you must be allowed to use impersonation for the global option "--as"', command: `${BINARY_NAME} auth can-i list pods --as=system:serviceaccount:dev:foo -n prod` },
    { description: 'Check to see if I can do everything in my current namespace ("*" means all)', command: `${BINARY_NAME} auth can-i '*' '*'` },
    { description: 'Check to see if I can get the job named "bar" in namespace "foo"', command: `${BINARY_NAME} auth can-i list jobs.batch/bar -n foo` },
    { description: 'Check to see if I can read pod logs', command: `${BINARY_NAME} auth can-i get pods --subresource=log` },
    { description: 'Check to see if I can access the URL /logs/', command: `${BINARY_NAME} auth can-i get /logs/` },
    { description: `Check to see if I can approve certificates.${DOMAIN}`, command: `${BINARY_NAME} auth can-i approve certificates.${DOMAIN}` },
    { description: 'List all allowed actions in namespace "foo"', command: `${BINARY_NAME} auth can-i --list --namespace=foo` },
  ],
  flags: [
    ALL_NAMESPACES_FLAG_CHECK_HELP,
    { name: 'list', type: 'bool', default: false, description: 'If true, prints all allowed actions.' },
    { name: 'no-headers', type: 'bool', default: false, description: 'If true, prints allowed actions without headers' },
    { name: 'quiet', short: 'q', type: 'bool', default: false, description: 'If true, suppress output and just return the exit code.' },
    { name: 'subresource', type: 'string', default: '', description: 'SubResource such as pod/log or deployment/scale' },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
