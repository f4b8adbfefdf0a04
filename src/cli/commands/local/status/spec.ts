import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { DATA_DIR_FLAG } from '../shared/data-dir-flag.js';

/** `platformctl local status`. */
export const spec = defineCommand({
  name: 'status',
  usage: '[--data-dir DIR] [options]',
  summary: 'Show whether the local API server is running',
  description: 'Show whether the local API server is running and ready, with its URL, process and data directory. Exits 0 when it is running and ready, 1 otherwise.',
  examples: [{ description: 'Show the local server status', command: `${BINARY_NAME} local status`, notRunnable: 'needs a local server' }],
  flags: [
    DATA_DIR_FLAG,
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
