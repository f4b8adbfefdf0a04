import { getEntriesCommand } from '../shared/entry-commands.js';

/** `platformctl config get-users`. */
export const spec = getEntriesCommand('user', async () => (await import('./run.js')).run);
