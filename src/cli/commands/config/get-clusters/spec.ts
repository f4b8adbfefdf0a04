import { getEntriesCommand } from '../shared/entry-commands.js';

/** `platformctl config get-clusters`. */
export const spec = getEntriesCommand('cluster', async () => (await import('./run.js')).run);
