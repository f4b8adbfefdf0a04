import { deleteEntryCommand } from '../shared/entry-commands.js';

/** `platformctl config delete-user`. */
export const spec = deleteEntryCommand('user', 'the minikube user', async () => (await import('./run.js')).run);
