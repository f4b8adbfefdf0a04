/**
 * `platformctl create configmap NAME --from-file|--from-literal|--from-env-file`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { examplePath } from '../../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { dataSourceFlags } from '../shared/data-flags.js';
import { appendHashFlag, GENERATOR_FLAGS } from '../../../resource-builders/generated.js';

/** `create configmap`. */
export const spec = defineCommand({
  name: 'configmap',
  aliases: ['cm'],
  usage: 'NAME [--from-file=[key=]source] [--from-literal=key1=value1] [--dry-run=server|client|none] [options]',
  summary: 'Create a config map from a local file, directory or literal value',
  description: [
    'Create a config map based on a file, directory, or specified literal value.',
    '',
    ' A single config map may package one or more key/value pairs.',
    '',
    ' When creating a config map based on a file, the key will default to the basename of the file, and the value will default to the file content.  If the basename is an invalid key, you may specify an alternate key.',
    '',
    ' When creating a config map based on a directory, each file whose basename is a valid key in the directory will be packaged into the config map.  Any directory entries except regular files are ignored (e.g. subdirectories, symlinks, devices, pipes, etc).',
  ].join('\n'),
  examples: [
    { description: 'Create a new config map named my-config based on folder examples/config', command: `${BINARY_NAME} create configmap my-config --from-file=${examplePath('config')}` },
    { description: 'Create a new config map named my-config-keys with specified keys instead of file basenames on disk', command: `${BINARY_NAME} create configmap my-config-keys --from-file=key1=${examplePath('config/app.properties')} --from-file=key2=${examplePath('config/log.properties')}` },
    { description: 'Create a new config map named my-config-literal with key1=config1 and key2=config2', command: `${BINARY_NAME} create configmap my-config-literal --from-literal=key1=config1 --from-literal=key2=config2` },
    { description: 'Create a new config map named my-config-env from an env file', command: `${BINARY_NAME} create configmap my-config-env --from-env-file=${examplePath('config/app.env')}` },
    { description: 'Print the config map that would be created, without creating it', command: `${BINARY_NAME} create configmap my-config --from-literal=key1=config1 --dry-run=client -o yaml` },
  ],
  flags: [appendHashFlag('configmap'), ...GENERATOR_FLAGS, ...dataSourceFlags('configmap')],
  args: 'files',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
