import { deleteEntryCommand } from '../shared/entry-commands.js';

/** `platformctl config delete-cluster`. */
export const spec = deleteEntryCommand('cluster', 'the minikube cluster', async () => (await import('./run.js')).run);
