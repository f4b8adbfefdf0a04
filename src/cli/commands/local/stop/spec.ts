import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { DATA_DIR_FLAG } from '../shared/data-dir-flag.js';

/** `platformctl local stop`. */
export const spec = defineCommand({
  name: 'stop',
  usage: '[--data-dir DIR] [options]',
  summary: 'Stop the local API server',
  description: 'Stop the local API server gracefully: it stops serving, ends open watches, and flushes and syncs its store before it exits. Stopping a server that is not running is not an error.',
  examples: [{ description: 'Stop the local server', command: `${BINARY_NAME} local stop`, notRunnable: 'needs a local server' }],
  flags: [
    DATA_DIR_FLAG,
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
