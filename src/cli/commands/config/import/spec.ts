import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';

/** `platformctl config import`. */
export const spec = defineCommand({
  name: 'import',
  usage: 'FILE... [--on-conflict=refuse|rename|skip|overwrite]',
  summary: 'Merge the clusters, users and contexts of other config files into ours',
  description: [
    'Merge the clusters, users and contexts of other config files into the config file, under the config lock, and report each entry: added, unchanged (ours is the same), or in conflict (ours has the name with other content).',
    '',
    ' Conflicts are refused by default: nothing is written and the conflicts are listed. --on-conflict=rename imports a conflicting entry under a new name (NAME-2, ...) and points the imported contexts at the new names; skip keeps ours; overwrite replaces ours. Relative paths in the imported files are made absolute. The current context is not changed.',
  ].join('\n'),
  examples: [
    { description: 'Add the clusters, users and contexts of a file a colleague sent', command: `${BINARY_NAME} config import ./staging.kubeconfig`, notRunnable: 'needs the file' },
    { description: 'Import several files, renaming what clashes with ours', command: `${BINARY_NAME} config import --on-conflict=rename a.yaml b.yaml`, notRunnable: 'needs the files' },
  ],
  flags: [
    { name: 'on-conflict', type: 'string', default: 'refuse', description: 'What to do with an entry whose name we have with other content: refuse (write nothing), rename, skip or overwrite', complete: { kind: 'values', values: ['refuse', 'rename', 'skip', 'overwrite'] } },
  ],
  args: 'files',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
