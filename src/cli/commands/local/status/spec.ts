import { BINARY_NAME, HOME_DIR_NAME, LOCAL_DIR_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';

/** `platformctl local status`. */
export const spec = defineCommand({
  name: 'status',
  usage: '[--data-dir DIR] [options]',
  summary: 'Show whether the local API server is running',
  description: 'Show whether the local API server is running and ready, with its URL, process and data directory. Exits 0 when it is running and ready, 1 otherwise.',
  examples: [{ description: 'Show the local server status', command: `${BINARY_NAME} local status`, notRunnable: 'needs a local server' }],
  flags: [
    { name: 'data-dir', type: 'string', default: '', description: `Directory of the server's state (default ~/${HOME_DIR_NAME}/${LOCAL_DIR_NAME}).`, complete: { kind: 'dir' } },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
