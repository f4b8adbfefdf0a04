import { deleteEntryCommand } from '../shared/entry-commands.js';

/** `platformctl config delete-context`. */
export const spec = deleteEntryCommand('context', 'the context for the minikube cluster', async () => (await import('./run.js')).run);
