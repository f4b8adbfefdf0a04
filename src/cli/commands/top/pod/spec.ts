/** `platformctl top pod`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { ALL_NAMESPACES_FLAG, FIELD_SELECTOR_FLAG, SELECTOR_FLAG_EQUALITY_HELP } from '../../../resource/selection.js';
import { USE_PROTOCOL_BUFFERS_FLAG } from '../shared.js';

/** `top pod`. */
export const spec = defineCommand({
  name: 'pod',
  aliases: ['pods', 'po'],
  usage: '[NAME | -l label]',
  summary: 'Display resource (CPU/memory) usage of pods',
  description: [
    'Display resource (CPU/memory) usage of pods.',
    '',
    " The 'top pod' command allows you to see the resource consumption of pods.",
    '',
    ' Due to the metrics pipeline delay, they may be unavailable for a few minutes since pod creation.',
  ].join('\n'),
  examples: [
    { description: 'Show metrics for all pods in the default namespace', command: `${BINARY_NAME} top pod`, notRunnable: 'needs the metrics API' },
    { description: 'Show metrics for all pods in the given namespace', command: `${BINARY_NAME} top pod --namespace=NAMESPACE`, notRunnable: 'needs the metrics API' },
    { description: 'Show metrics for a given pod and its containers', command: `${BINARY_NAME} top pod POD_NAME --containers`, notRunnable: 'needs the metrics API' },
    { description: 'Show metrics for the pods defined by label name=myLabel', command: `${BINARY_NAME} top pod -l name=myLabel`, notRunnable: 'needs the metrics API' },
  ],
  flags: [
    ALL_NAMESPACES_FLAG,
    { name: 'containers', type: 'bool', default: false, description: 'If present, print usage of containers within a pod.' },
    FIELD_SELECTOR_FLAG,
    { name: 'no-headers', type: 'bool', default: false, description: 'If present, print output without headers.' },
    SELECTOR_FLAG_EQUALITY_HELP,
    { name: 'sort-by', type: 'string', default: '', description: "If non-empty, sort pods list using specified field. The field can be either 'cpu' or 'memory'." },
    { name: 'sum', type: 'bool', default: false, description: 'Print the sum of the resource usage' },
    USE_PROTOCOL_BUFFERS_FLAG,
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
