/** `platformctl top node`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { SELECTOR_FLAG_EQUALITY_HELP } from '../../../resource/selection.js';
import { USE_PROTOCOL_BUFFERS_FLAG } from '../shared.js';

/** `top node`. */
export const spec = defineCommand({
  name: 'node',
  aliases: ['nodes', 'no'],
  usage: '[NAME | -l label]',
  summary: 'Display resource (CPU/memory) usage of nodes',
  description: [
    'Display resource (CPU/memory) usage of nodes.',
    '',
    " The top-node command allows you to see the resource consumption of nodes.",
  ].join('\n'),
  examples: [
    { description: 'Show metrics for all nodes', command: `${BINARY_NAME} top node`, notRunnable: 'needs the metrics API' },
    { description: 'Show metrics for a given node', command: `${BINARY_NAME} top node NODE_NAME`, notRunnable: 'needs the metrics API' },
  ],
  flags: [
    { name: 'no-headers', type: 'bool', default: false, description: 'If present, print output without headers' },
    SELECTOR_FLAG_EQUALITY_HELP,
    { name: 'show-capacity', type: 'bool', default: false, description: 'Print node resources based on Capacity instead of Allocatable(default) of the nodes.' },
    { name: 'sort-by', type: 'string', default: '', description: "If non-empty, sort nodes list using specified field. The field can be either 'cpu' or 'memory'." },
    USE_PROTOCOL_BUFFERS_FLAG,
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
