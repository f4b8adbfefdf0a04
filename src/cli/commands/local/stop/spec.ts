import { BINARY_NAME, HOME_DIR_NAME, LOCAL_DIR_NAME } from '../../../../sdk/naming.js';
import type { CommandSpec, FlagSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';

const flags = [
  { name: 'data-dir', type: 'string', default: '', description: `Directory of the server's state (default ~/${HOME_DIR_NAME}/${LOCAL_DIR_NAME}).`, complete: { kind: 'dir' } },
] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `platformctl local stop`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'stop',
  usage: '[--data-dir DIR] [options]',
  summary: 'Stop the local API server',
  description: 'Stop the local API server gracefully: it stops serving, ends open watches, and flushes and syncs its store before it exits. Stopping a server that is not running is not an error.',
  examples: [{ description: 'Stop the local server', command: `${BINARY_NAME} local stop`, notRunnable: 'needs a local server' }],
  flags,
  args: 'none',
  load: async () => (await import('./run.js')).run,
};
