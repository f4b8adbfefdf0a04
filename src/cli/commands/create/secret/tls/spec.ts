/**
 * `platformctl create secret tls NAME --cert=path/to/cert/file --key=path/to/key/file`.
 */
import { BINARY_NAME } from '../../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../../framework/define-command.js';
import { appendHashFlag, GENERATOR_FLAGS } from '../../../../resource-builders/generated.js';

/** `create secret tls`. */
export const spec = defineCommand({
  name: 'tls',
  usage: 'NAME --cert=path/to/cert/file --key=path/to/key/file [--dry-run=server|client|none] [options]',
  summary: 'Create a TLS secret',
  description: 'Create a TLS secret from the given public/private key pair.\n\n The public/private key pair must exist beforehand. The public key certificate must be .PEM encoded and match the given private key.',
  examples: [
    { description: 'Create a new TLS secret named tls-secret with the given key pair', command: `${BINARY_NAME} create secret tls tls-secret --cert=path/to/tls.crt --key=path/to/tls.key`, notRunnable: 'names a certificate and key the reader supplies' },
  ],
  flags: [
    appendHashFlag('secret'),
    { name: 'cert', type: 'string', default: '', description: 'Path to PEM encoded public key certificate.', complete: { kind: 'file' } },
    ...GENERATOR_FLAGS,
    { name: 'key', type: 'string', default: '', description: 'Path to private key associated with given certificate.', complete: { kind: 'file' } },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
