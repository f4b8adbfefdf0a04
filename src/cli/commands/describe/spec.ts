/**
 * `platformctl describe`: a detailed description of objects and of the events about them.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { examplePath } from '../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { ALL_NAMESPACES_FLAG, SELECTOR_FLAG } from '../../resource/selection.js';
import { filenameFlag, kustomizeFlag, RECURSIVE_FLAG } from '../../manifests/manifest-flags.js';
import { CHUNK_SIZE_FLAG } from '../../flags/chunk-size.js';

/** `platformctl describe`. */
export const spec = defineCommand({
  name: 'describe',
  usage: '(-f FILENAME | TYPE [NAME_PREFIX | -l label] | TYPE/NAME)',
  summary: 'Show details of a specific resource or group of resources',
  description: [
    'Show details of a specific resource or group of resources.',
    '',
    ' Print a detailed description of the selected resources, including related resources such as events or controllers. You may select a single object by name, all objects of that type, provide a name prefix, or label selector. For example:',
    '',
    `  $ ${BINARY_NAME} describe TYPE NAME_PREFIX`,
    '',
    ' will first check for an exact match on TYPE and NAME_PREFIX. If no such resource exists, it will output details for every resource that has a name prefixed with NAME_PREFIX.',
    '',
    `Use "${BINARY_NAME} api-resources" for a complete list of supported resources.`,
  ].join('\n'),
  group: 'Troubleshooting and Debugging Commands',
  examples: [
    { description: 'Describe the default namespace', command: `${BINARY_NAME} describe namespace default` },
    { description: 'Describe all config maps', command: `${BINARY_NAME} describe configmaps` },
    { description: 'Describe config maps by label', command: `${BINARY_NAME} describe configmaps -l app=web` },
    { description: 'Describe the service named kubernetes (the API server\'s own, in the default namespace)', command: `${BINARY_NAME} describe service/kubernetes` },
    { description: 'Describe the objects of a manifest', command: `${BINARY_NAME} describe -f ${examplePath('')}`, notRunnable: 'needs the objects of the files under examples/ created before' },
  ],
  flags: [
    ALL_NAMESPACES_FLAG,
    CHUNK_SIZE_FLAG,
    filenameFlag('Filename, directory, or URL to files containing the resource to describe'),
    kustomizeFlag('the'),
    RECURSIVE_FLAG,
    SELECTOR_FLAG,
    { name: 'show-events', type: 'bool', default: true, description: 'If true, display events related to the described object.' },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
