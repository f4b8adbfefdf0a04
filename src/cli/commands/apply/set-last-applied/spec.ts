/**
 * `platformctl apply set-last-applied -f FILENAME`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { examplePath } from '../../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../../writes/dry-run.js';
import { OUTPUT_FLAGS } from '../../../writes/object-output.js';
import { LAST_APPLIED_FILENAME_FLAG } from '../../../flags/apply-flags.js';

/** `apply set-last-applied`. */
export const spec = defineCommand({
  name: 'set-last-applied',
  usage: '-f FILENAME [options]',
  summary: 'Set the last-applied-configuration annotation on a live object to match the contents of a file',
  description: `Set the latest last-applied-configuration annotations by setting it to match the contents of a file. This results in the last-applied-configuration being updated as though '${BINARY_NAME} apply -f<file> ' was run, without updating any other parts of the object.`,
  examples: [
    { description: 'Set the last-applied-configuration of a resource to match the contents of a file', command: `${BINARY_NAME} apply set-last-applied -f ${examplePath('configmap.json')}`, notRunnable: 'needs the object created before' },
    { description: 'Execute set-last-applied against each configuration file in a directory', command: `${BINARY_NAME} apply set-last-applied -f ${examplePath('quickstart/')}`, notRunnable: 'needs the objects created before' },
    {
      description: 'Set the last-applied-configuration of a resource to match the contents of a file; will create the annotation if it does not already exist',
      command: `${BINARY_NAME} apply set-last-applied -f ${examplePath('configmap.json')} --create-annotation=true`,
      notRunnable: 'needs the object created before',
    },
  ],
  flags: [
    { name: 'create-annotation', type: 'bool', default: false, description: "Will create 'last-applied-configuration' annotations if current objects doesn't have one" },
    DRY_RUN_FLAG,
    // kubectl's AddJsonFilenameFlag: no -R, no -k.
    LAST_APPLIED_FILENAME_FLAG,
    ...OUTPUT_FLAGS,
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
