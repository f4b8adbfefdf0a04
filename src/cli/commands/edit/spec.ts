/** `platformctl edit`: edit objects in the user's editor and save the changes as patches. */
import { BINARY_NAME, EDITOR_ENV } from '../../../sdk/naming.js';
import { examplePath } from '../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { kustomizeFlag, RECURSIVE_FLAG } from '../../manifests/manifest-flags.js';
import { OUTPUT_FLAGS } from '../../writes/object-output.js';
import { VALIDATE_FLAG } from '../../writes/validate.js';
import { RECORD_FLAG } from '../../flags/record.js';
import { SAVE_CONFIG_FLAG } from '../../resource-builders/generated.js';
import { EDIT_FILENAME_FLAG, WINDOWS_LINE_ENDINGS_FLAG } from './edit-flags.js';

/** `platformctl edit`. */
export const spec = defineCommand({
  name: 'edit',
  usage: '(RESOURCE/NAME | -f FILENAME) [options]',
  summary: 'Edit a resource on the server',
  description: [
    'Edit a resource from the default editor.',
    '',
    ` The edit command allows you to directly edit any API resource you can retrieve via the command-line tools. It will open the editor defined by your ${EDITOR_ENV}, or EDITOR environment variables, or fall back to 'vi'. You can edit multiple objects, although changes are applied one at a time. The command accepts file names as well as command-line arguments, although the files you point to must be previously saved versions of resources.`,
    '',
    ' Editing is done with the API version used to fetch the resource. The changes are sent as a strategic merge patch for built-in kinds and a JSON merge patch for the others.',
    '',
    ' In the event an error occurs while updating, the editor is reopened with the reasons in its header; saving the same text again cancels the edit and keeps a copy of your changes in a temporary file.',
  ].join('\n'),
  group: 'Basic Commands (Intermediate)',
  examples: [
    { description: 'Edit the config map named "settings"', command: `${BINARY_NAME} edit configmap/settings`, notRunnable: 'opens an interactive editor' },
    { description: 'Edit the deployment "web" in JSON using the v1 API format', command: `${BINARY_NAME} edit deployment/web -o json`, notRunnable: 'opens an interactive editor' },
    { description: 'Edit the objects of a directory with another editor', command: `${EDITOR_ENV}="nano" ${BINARY_NAME} edit -f ${examplePath('quickstart/')}`, notRunnable: 'opens an interactive editor' },
  ],
  flags: [
    RECORD_FLAG,
    { name: 'field-manager', type: 'string', default: `${BINARY_NAME}-edit`, description: 'Name of the manager used to track field ownership.' },
    EDIT_FILENAME_FLAG,
    kustomizeFlag('the'),
    ...OUTPUT_FLAGS,
    { name: 'output-patch', type: 'bool', default: false, description: 'Output the patch if the resource is edited.' },
    RECURSIVE_FLAG,
    SAVE_CONFIG_FLAG,
    VALIDATE_FLAG,
    WINDOWS_LINE_ENDINGS_FLAG,
    { name: 'subresource', type: 'string', default: '', description: 'If specified, edit will operate on the subresource of the requested object.', complete: { kind: 'values', values: ['status'] } },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
