import { EXEC_API_GROUP } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';

/** `platformctl config set-credentials`. */
export const spec = defineCommand({
  name: 'set-credentials',
  usage:
    'NAME [--client-certificate=path/to/certfile] [--client-key=path/to/keyfile] [--token=bearer_token] [--username=basic_user] [--password=basic_password] [--auth-provider=provider_name] [--auth-provider-arg=key=value] [--exec-command=exec_command] [--exec-api-version=exec_api_version] [--exec-arg=arg] [--exec-env=key=value] [options]',
  summary: 'Set a user entry in kubeconfig',
  description: [
    'Set a user entry in kubeconfig.',
    '',
    ' Specifying a name that already exists will merge new fields on top of existing values.',
    '',
    '        Client-certificate flags:',
    '        --client-certificate=certfile --client-key=keyfile',
    '        ',
    '        Bearer token flags:',
    '        --token=bearer_token',
    '        ',
    '        Basic auth flags:',
    '        --username=basic_user --password=basic_password',
    '        ',
    ' Bearer token and basic auth are mutually exclusive.',
  ].join('\n'),
  examples: [
    { description: 'Set only the "client-key" field on the "cluster-admin"\nentry, without touching other values', command: 'platformctl config set-credentials cluster-admin --client-key=~/.platform/admin.key' },
    { description: 'Set basic auth for the "cluster-admin" entry', command: 'platformctl config set-credentials cluster-admin --username=admin --password=uXFGweU9l35qcif' },
    { description: 'Embed client certificate data in the "cluster-admin" entry', command: 'platformctl config set-credentials cluster-admin --client-certificate=~/.platform/admin.crt --embed-certs=true', notRunnable: 'needs a certificate file' },
    { description: 'Enable new exec auth plugin for the "cluster-admin" entry', command: `platformctl config set-credentials cluster-admin --exec-command=/path/to/the/executable --exec-api-version=${EXEC_API_GROUP}/v1beta1` },
    { description: 'Enable new exec auth plugin for the "cluster-admin" entry with interactive mode', command: `platformctl config set-credentials cluster-admin --exec-command=/path/to/the/executable --exec-api-version=${EXEC_API_GROUP}/v1beta1 --exec-interactive-mode=Never` },
    { description: 'Define new exec auth plugin arguments for the "cluster-admin" entry', command: 'platformctl config set-credentials cluster-admin --exec-arg=arg1 --exec-arg=arg2' },
    { description: 'Create or update exec auth plugin environment variables for the "cluster-admin" entry', command: 'platformctl config set-credentials cluster-admin --exec-env=key1=val1 --exec-env=key2=val2' },
    { description: 'Remove exec auth plugin environment variables for the "cluster-admin" entry', command: 'platformctl config set-credentials cluster-admin --exec-env=var-to-remove-' },
  ],
  flags: [
    { name: 'auth-provider', type: 'string', default: '', description: 'Auth provider for the user entry in kubeconfig' },
    { name: 'auth-provider-arg', type: 'stringSlice', default: [], description: "'key=value' arguments for the auth provider" },
    { name: 'client-certificate', type: 'string', default: '', description: 'Path to client-certificate file for the user entry in kubeconfig', complete: { kind: 'file' } },
    { name: 'client-key', type: 'string', default: '', description: 'Path to client-key file for the user entry in kubeconfig', complete: { kind: 'file' } },
    { name: 'embed-certs', type: 'bool', default: false, description: 'Embed client cert/key for the user entry in kubeconfig' },
    { name: 'exec-api-version', type: 'string', default: '', description: 'API version of the exec credential plugin for the user entry in kubeconfig', complete: { kind: 'values', values: [`${EXEC_API_GROUP}/v1`, `${EXEC_API_GROUP}/v1beta1`] } },
    { name: 'exec-arg', type: 'stringSlice', default: [], description: 'New arguments for the exec credential plugin command for the user entry in kubeconfig' },
    { name: 'exec-command', type: 'string', default: '', description: 'Command for the exec credential plugin for the user entry in kubeconfig' },
    { name: 'exec-env', type: 'stringArray', default: [], description: "'key=value' environment values for the exec credential plugin" },
    { name: 'exec-interactive-mode', type: 'string', default: '', description: 'InteractiveMode of the exec credentials plugin for the user entry in kubeconfig', complete: { kind: 'values', values: ['Never', 'IfAvailable', 'Always'] } },
    { name: 'exec-provide-cluster-info', type: 'bool', default: false, description: 'ProvideClusterInfo of the exec credentials plugin for the user entry in kubeconfig' },
    { name: 'password', type: 'string', default: '', description: 'password for the user entry in kubeconfig' },
    { name: 'token', type: 'string', default: '', description: 'token for the user entry in kubeconfig' },
    { name: 'username', type: 'string', default: '', description: 'username for the user entry in kubeconfig' },
  ],
  args: 'users',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
