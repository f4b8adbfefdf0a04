/** `platformctl label`: add, change or remove labels of objects. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { examplePath } from '../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { metadataFlags } from './shared/metadata-command.js';

/** `platformctl label`. */
export const spec = defineCommand({
  name: 'label',
  usage: '[--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version] [options]',
  summary: 'Update the labels on a resource',
  description: [
    'Update the labels on a resource.',
    '',
    '  *  A label key and value must begin with a letter or number, and may contain letters, numbers, hyphens, dots, and underscores, up to 63 characters each.',
    '  *  Optionally, the key can begin with a DNS subdomain prefix and a single \'/\', like example.com/my-app.',
    '  *  If --overwrite is true, then existing labels can be overwritten, otherwise attempting to overwrite a label will result in an error.',
    '  *  If --resource-version is specified, then updates will use this resource version, otherwise the existing resource-version will be used.',
  ].join('\n'),
  group: 'Advanced Commands',
  examples: [
    { description: "Update config map 'foo' with the label 'tier' and the value 'backend'", command: `${BINARY_NAME} label configmaps foo tier=backend` },
    { description: "Update config map 'foo' with the label 'tier' and the value 'frontend', overwriting any existing value", command: `${BINARY_NAME} label --overwrite configmaps foo tier=frontend` },
    { description: 'Update all config maps in the namespace', command: `${BINARY_NAME} label configmaps --all status=unhealthy` },
    { description: 'Update a config map identified by the type and name in "examples/quickstart/"', command: `${BINARY_NAME} label -f ${examplePath('quickstart/')} status=unhealthy` },
    { description: "Update config map 'foo' only if the resource is unchanged from version 1", command: `${BINARY_NAME} label configmaps foo status=unhealthy --resource-version=1`, notRunnable: 'needs the object to exist' },
    { description: "Update config map 'foo' by removing a label named 'bar' if it exists", command: `${BINARY_NAME} label configmaps foo bar-` },
  ],
  flags: metadataFlags('label', `${BINARY_NAME}-label`),
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
