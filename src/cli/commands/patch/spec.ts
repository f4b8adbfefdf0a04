/** `platformctl patch`: change fields of objects with a strategic merge, JSON merge or JSON patch. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { examplePath } from '../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../writes/dry-run.js';
import { FILENAME_TO_UPDATE_FLAG, kustomizeFlag, RECURSIVE_FLAG } from '../../manifests/manifest-flags.js';
import { OUTPUT_FLAGS } from '../../writes/object-output.js';
import { RECORD_FLAG } from '../../flags/record.js';

/** `platformctl patch`. */
export const spec = defineCommand({
  name: 'patch',
  usage: '(-f FILENAME | TYPE NAME) [-p PATCH|--patch-file FILE] [options]',
  summary: 'Update fields of a resource',
  description: [
    'Update fields of a resource using strategic merge patch, a JSON merge patch, or a JSON patch.',
    '',
    ' JSON and YAML formats are accepted.',
    '',
    ' Note: Strategic merge patch is not supported for custom resources.',
  ].join('\n'),
  group: 'Advanced Commands',
  examples: [
    { description: "Partially update config map 'foo' using a strategic merge patch, specifying the patch as JSON", command: `${BINARY_NAME} patch configmap foo -p '{"data":{"color":"blue"}}'` },
    { description: "Partially update config map 'foo' using a strategic merge patch, specifying the patch as YAML", command: `${BINARY_NAME} patch configmap foo -p $'data:\\n color: blue'`, notRunnable: 'needs the object to exist' },
    { description: 'Partially update the objects of a file using a JSON merge patch', command: `${BINARY_NAME} patch -f ${examplePath('quickstart/')} --type merge -p '{"metadata":{"labels":{"tier":"web"}}}'` },
    { description: 'Update a deployment\'s replicas through the scale subresource using a merge patch', command: `${BINARY_NAME} patch deployment web --subresource='scale' --type='merge' -p '{"spec":{"replicas":2}}'` },
    { description: 'Remove a data key with a JSON patch with positional arrays', command: `${BINARY_NAME} patch configmap foo --type='json' -p='[{"op": "remove", "path": "/data/color"}]'` },
  ],
  flags: [
    DRY_RUN_FLAG,
    { name: 'field-manager', type: 'string', default: `${BINARY_NAME}-patch`, description: 'Name of the manager used to track field ownership.' },
    FILENAME_TO_UPDATE_FLAG,
    kustomizeFlag('the'),
    { name: 'local', type: 'bool', default: false, description: 'If true, patch will operate on the content of the file, not the server-side resource.' },
    ...OUTPUT_FLAGS,
    { name: 'patch', short: 'p', type: 'string', default: '', description: 'The patch to be applied to the resource JSON file.' },
    { name: 'patch-file', type: 'string', default: '', description: 'A file containing a patch to be applied to the resource.', complete: { kind: 'file', extensions: ['json', 'yaml', 'yml'] } },
    RECORD_FLAG,
    RECURSIVE_FLAG,
    { name: 'subresource', type: 'string', default: '', description: 'If specified, patch will operate on the subresource of the requested object.', complete: { kind: 'values', values: ['status', 'scale'] } },
    { name: 'type', type: 'string', default: 'strategic', description: 'The type of patch being provided; one of [json merge strategic]', complete: { kind: 'values', values: ['json', 'merge', 'strategic'] } },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
