/** `platformctl set env`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { POD_TEMPLATE_KINDS_HELP, setFlags } from '../shared/set-command.js';

/** `set env`. */
export const spec = defineCommand({
  name: 'env',
  usage: 'RESOURCE/NAME KEY_1=VAL_1 ... KEY_N=VAL_N',
  summary: 'Update environment variables on a pod template',
  description: [
    'Update environment variables on a pod template.',
    '',
    ' List environment variable definitions in one or more pods, pod templates. Add, update, or remove container environment variable definitions in one or more pod templates (within replication controllers or deployment configurations). View or modify the environment variable definitions on all containers in the specified pods or pod templates, or just those that match a wildcard.',
    '',
    ' If "--env -" is passed, environment variables can be read from STDIN using the standard env syntax.',
    '',
    ...POD_TEMPLATE_KINDS_HELP,
  ].join('\n'),
  examples: [
    { description: "Update deployment 'web' with a new environment variable", command: `${BINARY_NAME} set env deployment/web STORAGE_DIR=/local` },
    { description: "List the environment variables defined on deployment 'web'", command: `${BINARY_NAME} set env deployment/web --list` },
    { description: 'List the environment variables defined on all pods', command: `${BINARY_NAME} set env pods --all --list` },
    { description: 'Output modified deployment in YAML, and does not alter the object on the server', command: `${BINARY_NAME} set env deployment/web STORAGE_DIR=/data -o yaml --dry-run=client` },
    { description: 'Update all containers in all replication controllers in the project to have ENV=prod', command: `${BINARY_NAME} set env rc --all ENV=prod`, notRunnable: 'needs replication controllers' },
    { description: 'Import environment from a secret', command: `${BINARY_NAME} set env --from=secret/mysecret deployment/web` },
    { description: 'Import environment from a config map with a prefix', command: `${BINARY_NAME} set env --from=configmap/settings --prefix=MYSQL_ deployment/web` },
    { description: 'Import specific keys from a config map', command: `${BINARY_NAME} set env --keys=my-example-key --from=configmap/myconfigmap deployment/myapp`, notRunnable: 'needs a config map myconfigmap and a deployment myapp' },
    { description: "Remove the environment variable ENV from container 'c1' in all deployment configs", command: `${BINARY_NAME} set env deployments --all --containers="c1" ENV-` },
    { description: 'Remove the environment variable ENV from a deployment definition on disk and update the deployment config on the server', command: `${BINARY_NAME} set env -f deploy.json ENV-`, notRunnable: 'needs deploy.json' },
    { description: 'Set some of the local shell environment into a deployment config on the server', command: `env | grep RAILS_ | ${BINARY_NAME} set env -e - deployment/registry`, notRunnable: 'needs a deployment registry' },
  ],
  flags: setFlags('env', [
    { name: 'containers', short: 'c', type: 'string', default: '*', description: 'The names of containers in the selected pod templates to change - may use wildcards' },
    { name: 'env', short: 'e', type: 'stringArray', default: [], description: 'Specify a key-value pair for an environment variable to set into each container.' },
    { name: 'from', type: 'string', default: '', description: 'The name of a resource from which to inject environment variables' },
    { name: 'keys', type: 'stringSlice', default: [], description: 'Comma-separated list of keys to import from specified resource' },
    { name: 'list', type: 'bool', default: false, description: 'If true, display the environment and any changes in the standard format. this flag will removed when we have kubectl view env.' },
    { name: 'overwrite', type: 'bool', default: true, description: 'If true, allow environment to be overwritten, otherwise reject updates that overwrite existing environment.' },
    { name: 'prefix', type: 'string', default: '', description: 'Prefix to append to variable names' },
    { name: 'resolve', type: 'bool', default: false, description: 'If true, show secret or configmap references when listing variables' },
  ]),
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
