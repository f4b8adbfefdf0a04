/**
 * `platformctl replace -f FILENAME`: replace objects by their manifests (PUT), or with `--force`
 * delete them and create them again.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { examplePath } from '../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../writes/dry-run.js';
import { filenameFlag, kustomizeFlag, RECURSIVE_FLAG } from '../../manifests/manifest-flags.js';
import { OUTPUT_FLAGS } from '../../writes/object-output.js';
import { rawFlag } from '../../writes/raw-request.js';
import { VALIDATE_FLAG } from '../../writes/validate.js';
import { CASCADE_FLAG, DELETION_WAIT_FLAGS, FORCE_FLAG, GRACE_PERIOD_FLAG } from '../delete/shared/delete-flags.js';
import { RECORD_FLAG } from '../../flags/record.js';
import { SAVE_CONFIG_FLAG } from '../../resource-builders/generated.js';

/** `platformctl replace`. */
export const spec = defineCommand({
  name: 'replace',
  usage: '-f FILENAME [options]',
  summary: 'Replace a resource by file name or stdin',
  description: [
    'Replace a resource by file name or stdin.',
    '',
    ' JSON and YAML formats are accepted. If replacing an existing resource, the complete resource spec must be provided. This can be obtained by',
    '',
    `  $ ${BINARY_NAME} get TYPE NAME -o yaml`,
  ].join('\n'),
  group: 'Advanced Commands',
  examples: [
    { description: 'Replace the objects of examples/quickstart/ with the configuration in the file', command: `${BINARY_NAME} replace -f ${examplePath('quickstart/')}` },
    { description: 'Force replace, delete and then re-create the resource', command: `${BINARY_NAME} replace --force -f ${examplePath('quickstart/')}` },
  ],
  flags: [
    CASCADE_FLAG,
    DRY_RUN_FLAG,
    { name: 'field-manager', type: 'string', default: `${BINARY_NAME}-replace`, description: 'Name of the manager used to track field ownership.' },
    filenameFlag('The files that contain the configurations to replace.'),
    FORCE_FLAG,
    GRACE_PERIOD_FLAG,
    kustomizeFlag('a'),
    ...OUTPUT_FLAGS,
    rawFlag('PUT'),
    RECORD_FLAG,
    RECURSIVE_FLAG,
    SAVE_CONFIG_FLAG,
    { name: 'subresource', type: 'string', default: '', description: 'If specified, replace will operate on the subresource of the requested object.', complete: { kind: 'values', values: ['status', 'scale'] } },
    VALIDATE_FLAG,
    ...DELETION_WAIT_FLAGS,
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
