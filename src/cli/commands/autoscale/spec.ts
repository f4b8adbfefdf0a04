/** `platformctl autoscale`: create a HorizontalPodAutoscaler for a scalable resource. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { SAVE_CONFIG_FLAG } from '../../resource-builders/generated.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../writes/dry-run.js';
import { filenameFlag, kustomizeFlag, RECURSIVE_FLAG } from '../../manifests/manifest-flags.js';
import { OUTPUT_FLAGS } from '../../writes/object-output.js';
import { RECORD_FLAG } from '../../flags/record.js';

/** `platformctl autoscale`. */
export const spec = defineCommand({
  name: 'autoscale',
  usage: '(-f FILENAME | TYPE NAME | TYPE/NAME) [--min=MINPODS] --max=MAXPODS [--cpu-percent=CPU]',
  summary: 'Auto-scale a deployment, replica set, stateful set, or replication controller',
  description: [
    'Creates an autoscaler that automatically chooses and sets the number of pods that run in a cluster.',
    '',
    ' Looks up a deployment, replica set, stateful set, or replication controller by name and creates an autoscaler that uses the given resource as a reference. An autoscaler can automatically increase or decrease number of pods deployed within the system as needed.',
  ].join('\n'),
  group: 'Deploy Commands',
  examples: [
    { description: 'Auto scale a deployment "foo", with the number of pods between 2 and 10, no target CPU utilization specified so a default autoscaling policy will be used', command: `${BINARY_NAME} autoscale deployment foo --min=2 --max=10`, notRunnable: 'needs a deployment foo' },
    { description: 'Auto scale a deployment "web", with the number of pods between 1 and 5, target CPU utilization at 80%', command: `${BINARY_NAME} autoscale deployment web --max=5 --cpu-percent=80` },
  ],
  flags: [
    RECORD_FLAG,
    { name: 'cpu-percent', type: 'int', default: -1, description: "The target average CPU utilization (represented as a percent of requested CPU) over all the pods. If it's not specified or negative, a default autoscaling policy will be used." },
    DRY_RUN_FLAG,
    { name: 'field-manager', type: 'string', default: `${BINARY_NAME}-autoscale`, description: 'Name of the manager used to track field ownership.' },
    filenameFlag('Filename, directory, or URL to files identifying the resource to autoscale.'),
    kustomizeFlag(),
    { name: 'max', type: 'int', default: -1, description: 'The upper limit for the number of pods that can be set by the autoscaler. Required.' },
    { name: 'min', type: 'int', default: -1, description: "The lower limit for the number of pods that can be set by the autoscaler. If it's not specified or negative, the server will apply a default value." },
    { name: 'name', type: 'string', default: '', description: 'The name for the newly created object. If not specified, the name of the input resource will be used.' },
    SAVE_CONFIG_FLAG,
    ...OUTPUT_FLAGS,
    RECURSIVE_FLAG,
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
