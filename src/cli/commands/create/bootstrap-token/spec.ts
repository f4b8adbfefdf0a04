/**
 * `platformctl create bootstrap-token`: a new bootstrap token secret; prints the token.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';

/** The extra group new tokens get unless --groups says otherwise (kubeadm's default-node-token). */
export const DEFAULT_BOOTSTRAP_GROUP = 'system:bootstrappers:platform:default-node-token';

/** `create bootstrap-token`. */
export const spec = defineCommand({
  name: 'bootstrap-token',
  usage: '[--ttl 24h] [--usages signing,authentication] [--groups system:bootstrappers:...] [--description TEXT]',
  summary: 'Create a bootstrap token and print it',
  description: [
    'Create a bootstrap token and print it.',
    '',
    ' A random token ID.SECRET is stored as the secret bootstrap-token-ID (type bootstrap.platform.io/token) in platform-system. With the signing usage the bootstrap signer signs the cluster-info ConfigMap with it (for bootstrap discover); with the authentication usage it authenticates as system:bootstrap:ID in system:bootstrappers and the --groups. The token is printed on standard output; it is a secret.',
  ].join('\n'),
  examples: [
    { description: 'Create a token valid for one day for joining nodes', command: `${BINARY_NAME} create bootstrap-token` },
    { description: 'Create a token valid for two hours, only for discovery', command: `${BINARY_NAME} create bootstrap-token --ttl 2h --usages signing --description "for discovery"` },
  ],
  flags: [
    { name: 'description', type: 'string', default: '', description: 'A human friendly description of how this token is used.' },
    { name: 'groups', type: 'stringSlice', default: [DEFAULT_BOOTSTRAP_GROUP], description: 'Extra groups that this token will authenticate as when used for authentication. Must match "\\Asystem:bootstrappers:[a-z0-9:-]{0,255}[a-z0-9]\\z"' },
    { name: 'ttl', type: 'duration', default: '24h0m0s', description: "The duration before the token is automatically deleted (e.g. 1s, 2m, 3h). If set to '0', the token will never expire" },
    { name: 'usages', type: 'stringSlice', default: ['signing', 'authentication'], description: 'Describes the ways in which this token can be used. Valid options: [signing,authentication]' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
