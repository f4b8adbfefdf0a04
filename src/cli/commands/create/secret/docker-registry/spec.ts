/**
 * `platformctl create secret docker-registry NAME --docker-username=user --docker-password=password --docker-email=email [--docker-server=string] [--from-file=[key=]source]`.
 */
import { BINARY_NAME } from '../../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../../framework/define-command.js';
import { appendHashFlag, GENERATOR_FLAGS } from '../../../../resource-builders/generated.js';

/** `create secret docker-registry`. */
export const spec = defineCommand({
  name: 'docker-registry',
  usage: 'NAME --docker-username=user --docker-password=password --docker-email=email [--docker-server=string] [--from-file=[key=]source] [--dry-run=server|client|none] [options]',
  summary: 'Create a secret for use with a Docker registry',
  description: [
    'Create a new secret for use with Docker registries.',
    '',
    '        Dockercfg secrets are used to authenticate against Docker registries.',
    '',
    '        When using the Docker command line to push images, you can authenticate to a given registry by running:',
    "        '$ docker login DOCKER_REGISTRY_SERVER --username=DOCKER_USER --password=DOCKER_PASSWORD --email=DOCKER_EMAIL'.",
    '',
    "    That produces a ~/.dockercfg file that is used by subsequent 'docker push' and 'docker pull' commands to",
    '        authenticate to the registry. The email address is optional.',
    '',
    '        When creating applications, you may have a Docker registry that requires authentication.  In order for the',
    '        nodes to pull images on your behalf, they must have the credentials.  You can provide this information',
    '        by creating a dockercfg secret and attaching it to your service account.',
  ].join('\n'),
  examples: [
    {
      description: 'If you do not already have a .dockercfg file, create a dockercfg secret directly',
      command: `${BINARY_NAME} create secret docker-registry my-secret --docker-server=DOCKER_REGISTRY_SERVER --docker-username=DOCKER_USER --docker-password=DOCKER_PASSWORD --docker-email=DOCKER_EMAIL`,
    },
    { description: 'Create a new secret named my-secret from ~/.docker/config.json', command: `${BINARY_NAME} create secret docker-registry my-secret --from-file=path/to/.docker/config.json`, notRunnable: 'names a file the reader supplies' },
  ],
  flags: [
    appendHashFlag('secret'),
    { name: 'docker-email', type: 'string', default: '', description: 'Email for Docker registry' },
    { name: 'docker-password', type: 'string', default: '', description: 'Password for Docker registry authentication' },
    { name: 'docker-server', type: 'string', default: 'https://index.docker.io/v1/', description: 'Server location for Docker registry' },
    { name: 'docker-username', type: 'string', default: '', description: 'Username for Docker registry authentication' },
    ...GENERATOR_FLAGS,
    {
      name: 'from-file', type: 'stringSlice', default: [],
      description: 'Key files can be specified using their file path, in which case a default name of .dockerconfigjson will be given to them, or optionally with a name and file path, in which case the given name will be used. Specifying a directory will iterate each named file in the directory that is a valid secret key. For this command, the key should always be .dockerconfigjson.',
      complete: { kind: 'file' },
    },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
