/**
 * `platformctl create secret generic NAME --from-file|--from-literal|--from-env-file`.
 */
import { BINARY_NAME } from '../../../../../sdk/naming.js';
import { examplePath } from '../../../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../../../framework/define-command.js';
import { dataSourceFlags } from '../../shared/data-flags.js';
import { appendHashFlag, GENERATOR_FLAGS } from '../../../../resource-builders/generated.js';

/** `create secret generic`. */
export const spec = defineCommand({
  name: 'generic',
  usage: 'NAME [--type=string] [--from-file=[key=]source] [--from-literal=key1=value1] [--dry-run=server|client|none] [options]',
  summary: 'Create a secret from a local file, directory, or literal value',
  description: [
    'Create a secret based on a file, directory, or specified literal value.',
    '',
    ' A single secret may package one or more key/value pairs.',
    '',
    ' When creating a secret based on a file, the key will default to the basename of the file, and the value will default to the file content. If the basename is an invalid key or you wish to chose your own, you may specify an alternate key.',
    '',
    ' When creating a secret based on a directory, each file whose basename is a valid key in the directory will be packaged into the secret. Any directory entries except regular files are ignored (e.g. subdirectories, symlinks, devices, pipes, etc).',
  ].join('\n'),
  examples: [
    { description: 'Create a new secret named my-secret-files with keys for each file in folder examples/config', command: `${BINARY_NAME} create secret generic my-secret-files --from-file=${examplePath('config')}` },
    { description: 'Create a new secret named my-secret-keys with specified keys instead of names on disk', command: `${BINARY_NAME} create secret generic my-secret-keys --from-file=app=${examplePath('config/app.properties')}` },
    { description: 'Create a new secret named my-secret-literal with key1=supersecret and key2=topsecret', command: `${BINARY_NAME} create secret generic my-secret-literal --from-literal=key1=supersecret --from-literal=key2=topsecret` },
    { description: 'Create a new secret named my-secret-env from an env file', command: `${BINARY_NAME} create secret generic my-secret-env --from-env-file=${examplePath('config/app.env')}` },
  ],
  flags: [
    appendHashFlag('secret'),
    ...GENERATOR_FLAGS,
    ...dataSourceFlags('secret'),
    { name: 'type', type: 'string', default: '', description: 'The type of secret to create' },
  ],
  args: 'files',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
