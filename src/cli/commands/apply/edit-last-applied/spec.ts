/**
 * `platformctl apply edit-last-applied (RESOURCE/NAME | -f FILENAME)`.
 */
import { BINARY_NAME, EDITOR_ENV, FIELD_MANAGER_CLIENT_SIDE_APPLY } from '../../../../sdk/naming.js';
import { examplePath } from '../../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { kustomizeFlag, RECURSIVE_FLAG } from '../../../manifests/manifest-flags.js';
import { OUTPUT_FLAGS } from '../../../writes/object-output.js';
import { VALIDATE_FLAG } from '../../../writes/validate.js';
import { RECORD_FLAG } from '../../../flags/record.js';
import { EDIT_FILENAME_FLAG, WINDOWS_LINE_ENDINGS_FLAG } from '../../edit/edit-flags.js';

/** `apply edit-last-applied`. */
export const spec = defineCommand({
  name: 'edit-last-applied',
  usage: '(RESOURCE/NAME | -f FILENAME) [options]',
  summary: 'Edit latest last-applied-configuration annotations of a resource/object',
  description: [
    'Edit the latest last-applied-configuration annotations of resources from the default editor.',
    '',
    ` The edit-last-applied command allows you to directly edit any API resource you can retrieve via the command-line tools. It will open the editor defined by your ${EDITOR_ENV}, or EDITOR environment variables, or fall back to 'vi' for Linux or 'notepad' for Windows. You can edit multiple objects, although changes are applied one at a time. The command accepts file names as well as command-line arguments, although the files you point to must be previously saved versions of resources.`,
    '',
    ' The default format is YAML. To edit in JSON, specify "-o json".',
    '',
    ' The flag --windows-line-endings can be used to force Windows line endings, otherwise the default for your operating system will be used.',
    '',
    ` In the event an error occurs while updating, a temporary file will be created on disk that contains your unapplied changes. The most common error when updating a resource is another editor changing the resource on the server. When this occurs, you will have to apply your changes to the newer version of the resource, or update your temporary saved copy to include the latest resource version.`,
  ].join('\n'),
  examples: [
    { description: 'Edit the last-applied-configuration annotations by type/name in YAML', command: `${BINARY_NAME} apply edit-last-applied configmap/settings`, notRunnable: 'opens an interactive editor' },
    { description: 'Edit the last-applied-configuration annotations by file in JSON', command: `${BINARY_NAME} apply edit-last-applied -f ${examplePath('configmap.json')} -o json`, notRunnable: 'opens an interactive editor' },
  ],
  flags: [
    RECORD_FLAG,
    { name: 'field-manager', type: 'string', default: FIELD_MANAGER_CLIENT_SIDE_APPLY, description: 'Name of the manager used to track field ownership.' },
    EDIT_FILENAME_FLAG,
    kustomizeFlag('the'),
    ...OUTPUT_FLAGS,
    RECURSIVE_FLAG,
    VALIDATE_FLAG,
    WINDOWS_LINE_ENDINGS_FLAG,
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
