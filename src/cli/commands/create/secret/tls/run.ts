/**
 * `create secret tls NAME --cert=... --key=...`: a `platform.io/tls` Secret holding `tls.crt` and
 * `tls.key`, after checking that they are a certificate and its key.
 */
import { SECRET_TYPES } from '../../../../../sdk/naming.js';
import type { CommandContext } from '../../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../../framework/usage-error.js';
import { sendGenerated, startGenerator } from '../../../../resource-builders/generated.js';
import { readInputFile } from '../../shared/read-input-file.js';
import { SECRETS, secretObject } from '../../shared/secret-object.js';
import { checkX509KeyPair } from '../../shared/tls-key-pair.js';

/** Runs `create secret tls`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const invocation = await startGenerator(ctx, args, flags);
  const certFile = flags.string('cert') ?? '';
  const keyFile = flags.string('key') ?? '';
  if (keyFile === '' || certFile === '') throw new UsageError('key and cert must be specified', false);
  const cert = await readInputFile(ctx.io.cwd, certFile, `Cannot read file ${certFile}, `);
  const key = await readInputFile(ctx.io.cwd, keyFile, `Cannot read file ${keyFile}, `);
  checkX509KeyPair(cert.toString('latin1'), key.toString('latin1'));
  await sendGenerated(ctx, flags, invocation, {
    descriptor: SECRETS,
    failurePrefix: 'failed to create secret ',
    object: secretObject({
      name: invocation.name,
      namespace: invocation.enforcedNamespace,
      type: SECRET_TYPES.tls,
      data: new Map([['tls.crt', cert], ['tls.key', key]]),
      appendHash: flags.bool('append-hash'),
    }),
  });
}
