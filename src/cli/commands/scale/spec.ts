/** `platformctl scale`: set a new size through the `scale` sub-resource. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../writes/dry-run.js';
import { filenameFlag, kustomizeFlag, RECURSIVE_FLAG } from '../../manifests/manifest-flags.js';
import { OUTPUT_FLAGS } from '../../writes/object-output.js';
import { RECORD_FLAG } from '../../flags/record.js';
import { ALL_FLAG, SELECTOR_FLAG_EQUALITY_HELP } from '../../resource/selection.js';

/** `platformctl scale`. */
export const spec = defineCommand({
  name: 'scale',
  usage: '[--resource-version=version] [--current-replicas=count] --replicas=COUNT (-f FILENAME | TYPE NAME)',
  summary: 'Set a new size for a deployment, replica set, or replication controller',
  description: [
    'Set a new size for a deployment, replica set, replication controller, or stateful set.',
    '',
    ' Scale also allows users to specify one or more preconditions for the scale action.',
    '',
    ' If --current-replicas or --resource-version is specified, it is validated before the scale is attempted, and it is guaranteed that the precondition holds true when the scale is sent to the server.',
  ].join('\n'),
  group: 'Deploy Commands',
  examples: [
    { description: 'Scale a replica set named \'foo\' to 3', command: `${BINARY_NAME} scale --replicas=3 rs/foo`, notRunnable: 'needs a replica set foo' },
    { description: 'Scale a resource identified by type and name specified in "foo.yaml" to 3', command: `${BINARY_NAME} scale --replicas=3 -f foo.yaml`, notRunnable: 'needs foo.yaml' },
    { description: 'If the deployment named web\'s current size is 1, scale web to 3', command: `${BINARY_NAME} scale --current-replicas=1 --replicas=3 deployment/web` },
    { description: 'Scale multiple deployments', command: `${BINARY_NAME} scale --replicas=5 deployment/web deployment/quickstart-web`, notRunnable: 'needs both deployments' },
    { description: 'Scale stateful set named \'web\' to 3', command: `${BINARY_NAME} scale --replicas=3 statefulset/web`, notRunnable: 'needs a stateful set web' },
  ],
  flags: [
    ALL_FLAG,
    { name: 'current-replicas', type: 'int', default: -1, description: 'Precondition for current size. Requires that the current size of the resource match this value in order to scale. -1 (default) for no condition.' },
    DRY_RUN_FLAG,
    filenameFlag('Filename, directory, or URL to files identifying the resource to set a new size'),
    kustomizeFlag(),
    ...OUTPUT_FLAGS,
    RECURSIVE_FLAG,
    RECORD_FLAG,
    { name: 'replicas', type: 'int', default: 0, description: 'The new desired number of replicas. Required.' },
    { name: 'resource-version', type: 'string', default: '', description: 'Precondition for resource version. Requires that the current resource version match this value in order to scale.' },
    SELECTOR_FLAG_EQUALITY_HELP,
    { name: 'timeout', type: 'duration', default: '0s', description: "The length of time to wait before giving up on a scale operation, zero means don't wait. Any other values should contain a corresponding time unit (e.g. 1s, 2m, 3h)." },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
