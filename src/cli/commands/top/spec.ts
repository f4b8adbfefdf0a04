/** `platformctl top`: resource usage of nodes and pods from the metrics API. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand } from '../../framework/define-command.js';
import { spec as node } from './node/spec.js';
import { spec as pod } from './pod/spec.js';

/** `platformctl top`. */
export const spec = defineCommand({
  name: 'top',
  usage: 'SUBCOMMAND',
  summary: 'Display resource (CPU/memory) usage',
  description: [
    'Display resource (CPU/memory) usage.',
    '',
    ' The top command allows you to see the resource consumption for nodes or pods.',
    '',
    ` This command requires a metrics server to be correctly configured and working on the server. The local server's node agent serves the metrics API.`,
  ].join('\n'),
  group: 'Cluster Management Commands',
  examples: [{ description: 'Show the pods using the most CPU', command: `${BINARY_NAME} top pod --sort-by=cpu`, notRunnable: 'needs the metrics API' }],
  flags: [],
  subcommands: [node, pod],
});
