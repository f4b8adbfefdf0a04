import type { FlagsOfSpec } from '../../../framework/define-command.js';
import { serverCommand } from '../shared/server-command.js';

/** `platformctl local status`. */
export const spec = serverCommand({
  name: 'status',
  summary: 'Show whether the local API server is running',
  description: 'Show whether the local API server is running and ready, with its URL, process and data directory. Exits 0 when it is running and ready, 1 otherwise.',
  example: 'Show the local server status',
}, async () => (await import('./run.js')).run);

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
