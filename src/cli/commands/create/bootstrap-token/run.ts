/**
 * `create bootstrap-token`.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { InputError } from '../../../../sdk/errors.js';

/** Runs `create bootstrap-token`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length > 0) throw new UsageError(`unexpected arguments: ${args.join(' ')}`);
  const ttlMs = flags.durationMs('ttl') ?? 0;
  if (ttlMs < 0) throw new UsageError('--ttl must not be negative');
  const { bootstrapTokenSecret, generateBootstrapToken } = await import('../../../../sdk/certificates/bootstrap-token.js');
  const token = generateBootstrapToken();
  let secret;
  try {
    secret = bootstrapTokenSecret(token, {
      now: ctx.io.now().getTime(), ttlMs, usages: flags.strings('usages'), groups: flags.strings('groups'), description: flags.string('description') ?? '',
    });
  } catch (err) {
    if (err instanceof InputError) throw new UsageError(err.message);
    throw err;
  }
  const client = await ctx.client();
  await client.resource({ group: '', version: 'v1', resource: 'secrets', namespaced: true, kind: 'Secret' }, secret.metadata?.namespace).create(secret, { signal: ctx.io.signal });
  ctx.io.stdout.write(`${token.token}\n`);
}
