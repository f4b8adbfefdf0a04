/** `platformctl top pod`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';

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
    { name: 'all-namespaces', short: 'A', type: 'bool', default: false, description: 'If present, list the requested object(s) across all namespaces. Namespace in current context is ignored even if specified with --namespace.' },
    { name: 'containers', type: 'bool', default: false, description: 'If present, print usage of containers within a pod.' },
    { name: 'field-selector', type: 'string', default: '', description: "Selector (field query) to filter on, supports '=', '==', and '!='.(e.g. --field-selector key1=value1,key2=value2). The server only supports a limited number of field queries per type." },
    { name: 'no-headers', type: 'bool', default: false, description: 'If present, print output without headers.' },
    { name: 'selector', short: 'l', type: 'string', default: '', description: "Selector (label query) to filter on, supports '=', '==', and '!='.(e.g. -l key1=value1,key2=value2). Matching objects must satisfy all of the specified label constraints." },
    { name: 'sort-by', type: 'string', default: '', description: "If non-empty, sort pods list using specified field. The field can be either 'cpu' or 'memory'." },
    { name: 'sum', type: 'bool', default: false, description: 'Print the sum of the resource usage' },
    { name: 'use-protocol-buffers', type: 'bool', default: true, description: 'Enables using protocol-buffers to access Metrics API.' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
