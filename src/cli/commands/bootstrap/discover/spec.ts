/**
 * `platformctl bootstrap discover --server URL --token ID.SECRET [--write-config FILE]`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';

/** `bootstrap discover`. */
export const spec = defineCommand({
  name: 'discover',
  usage: '--server URL --token ID.SECRET [--write-config FILE]',
  summary: 'Verify a cluster with a bootstrap token and write a config for it',
  description: [
    'Verify a cluster with a bootstrap token and write a config for it.',
    '',
    ' The public cluster-info ConfigMap is read anonymously, without verifying the server certificate (there is no trust yet). Its clientconfig must carry a detached JWS signature (HS256, keyed with the whole token) for the token id; otherwise, or when the signature does not match, the server is not trusted. cluster-info is then read again trusting only the CA it names.',
    '',
    ' The global --server (the API server address, https://host:port) and --token (the bootstrap token ID.SECRET) flags are required; no config file is read.',
    '',
    ' The resulting config pins that CA and authenticates with the bootstrap token. It is written to --write-config (mode 0600, replaced atomically), or printed.',
  ].join('\n'),
  examples: [{
    description: 'Discover the cluster at https://10.0.0.1:6443 and write a bootstrap config',
    command: `${BINARY_NAME} bootstrap discover --server https://10.0.0.1:6443 --token abcdef.0123456789abcdef --write-config bootstrap.conf`,
    notRunnable: 'needs a cluster at that address running the bootstrap signer with that token',
  }],
  flags: [
    { name: 'discovery-timeout', type: 'duration', default: '30s', description: 'How long each read of cluster-info may take.' },
    { name: 'write-config', type: 'string', default: '', description: 'File to write the config to (default: print it).', complete: { kind: 'file' } },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
