import type { FlagsOfSpec } from '../../../framework/define-command.js';
import { serverCommand } from '../shared/server-command.js';

/** `platformctl local stop`. */
export const spec = serverCommand({
  name: 'stop',
  summary: 'Stop the local API server',
  description: 'Stop the local API server gracefully: it stops serving, ends open watches, and flushes and syncs its store before it exits. Stopping a server that is not running is not an error.',
  example: 'Stop the local server',
}, async () => (await import('./run.js')).run);

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
