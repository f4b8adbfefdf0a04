/** The flags `edit` and `apply edit-last-applied` share, as kubectl's editor options declare them. */
import type { FlagSpec } from '../../framework/spec.js';
import { filenameFlag } from '../../manifests/manifest-flags.js';

/** `-f` of the objects to edit. */
export const EDIT_FILENAME_FLAG = filenameFlag('Filename, directory, or URL to files to use to edit the resource');

/** `--windows-line-endings` of the editor's buffer. */
export const WINDOWS_LINE_ENDINGS_FLAG = { name: 'windows-line-endings', type: 'bool', default: false, description: 'Defaults to the line ending native to your platform.' } as const satisfies FlagSpec;
