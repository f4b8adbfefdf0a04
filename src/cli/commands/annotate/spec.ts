/** `platformctl annotate`: add, change or remove annotations of objects. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { examplePath } from '../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { metadataFlags } from '../label/shared/metadata-command.js';

/** `platformctl annotate`. */
export const spec = defineCommand({
  name: 'annotate',
  usage: '[--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version] [options]',
  summary: 'Update the annotations on a resource',
  description: [
    'Update the annotations on one or more resources.',
    '',
    ' All objects have a set of annotations: key/value pairs that can be larger than labels and include arbitrary string values such as structured JSON. Tools and system extensions may use annotations to store their own data.',
    '',
    ' Attempting to set an annotation that already exists will fail unless --overwrite is set. If --resource-version is specified and does not match the current resource version on the server the command will fail.',
  ].join('\n'),
  group: 'Advanced Commands',
  examples: [
    { description: "Update config map 'foo' with the annotation 'description' and the value 'my frontend'", command: `${BINARY_NAME} annotate configmaps foo description='my frontend'` },
    { description: 'Update a config map identified by type and name in "examples/quickstart/"', command: `${BINARY_NAME} annotate -f ${examplePath('quickstart/')} description='my frontend'` },
    { description: "Update config map 'foo', overwriting any existing value", command: `${BINARY_NAME} annotate --overwrite configmaps foo description='my frontend running nginx'` },
    { description: 'Update all config maps in the namespace', command: `${BINARY_NAME} annotate configmaps --all description='my frontend running nginx'` },
    { description: "Update config map 'foo' only if the resource is unchanged from version 1", command: `${BINARY_NAME} annotate configmaps foo description='my frontend running nginx' --resource-version=1`, notRunnable: 'needs the object to exist' },
    { description: "Update config map 'foo' by removing an annotation named 'description' if it exists", command: `${BINARY_NAME} annotate configmaps foo description-` },
  ],
  flags: metadataFlags('annotate', `${BINARY_NAME}-annotate`),
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
