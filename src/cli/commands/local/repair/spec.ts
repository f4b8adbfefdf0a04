import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { DATA_DIR_FLAG } from '../shared/data-dir-flag.js';

/** `platformctl local repair`. */
export const spec = defineCommand({
  name: 'repair',
  usage: '[--data-dir DIR] [--yes] [options]',
  summary: 'Drop the damaged part of the local server\'s store so that it starts again',
  description: [
    `The local server refuses to start when its store is damaged: a log segment cut short, emptied or deleted, damaged bytes in the middle of the log, a damaged snapshot, or writes the checkpoint says were acknowledged and the log no longer holds. "${BINARY_NAME} local start" then names the file and byte offset. (A record cut off by a crash in the middle of an append, never acknowledged, is dropped by the start itself with a warning.)`,
    '',
    'This command keeps the longest consistent beginning of the store, the snapshot and the log up to the first damage, and drops everything after it, since writes after a gap cannot be applied. Without --yes it prints exactly what it would drop (files, byte ranges, the resource versions lost and how many records) and changes nothing; it exits 0 then, as a dry run does, and also when there is nothing to repair. With --yes it does it: dropped files and the original of every file it cuts short are moved into a damaged-<timestamp> directory in the data directory, with a REPAIR.txt that lists what was dropped, and are never deleted.',
    '',
    `The server must not be running: the command refuses while it is (stop it with "${BINARY_NAME} local stop"), and it holds the store's lock while it works.`,
  ].join('\n'),
  examples: [
    { description: 'Show what repairing the store would drop, changing nothing', command: `${BINARY_NAME} local repair`, notRunnable: 'needs a stopped local server' },
    { description: 'Drop the damaged part and start the server again', command: `${BINARY_NAME} local repair --yes && ${BINARY_NAME} local start`, notRunnable: 'changes the local server\'s store' },
  ],
  flags: [
    DATA_DIR_FLAG,
    { name: 'yes', type: 'bool', default: false, description: 'Drop the damaged part (moving it aside); without it, only show what would be dropped.' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
