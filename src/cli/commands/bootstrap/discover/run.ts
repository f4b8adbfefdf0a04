/**
 * `bootstrap discover`.
 */
import { resolve } from 'node:path';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';

/** Runs `bootstrap discover`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length > 0) throw new UsageError(`unexpected arguments: ${args.join(' ')}`);
  // --server and --token are the global flags; discovery uses them instead of any config file.
  const server = ctx.globals.server ?? '';
  const token = ctx.globals.token ?? '';
  if (server === '') throw new UsageError('--server is required');
  if (token === '') throw new UsageError('--token is required');
  const { discoverCluster, bootstrapConfigText } = await import('../../../../sdk/certificates/discovery.js');
  const info = await discoverCluster({ server, token, env: ctx.io.env, signal: ctx.io.signal, timeoutMs: flags.durationMs('discovery-timeout') ?? 30_000 });
  const text = bootstrapConfigText(info, token);
  const file = flags.string('write-config') ?? '';
  if (file === '') {
    ctx.io.stdout.write(text);
    return;
  }
  const { writeFileAtomic } = await import('../../../../sdk/config/atomic-write.js');
  const path = resolve(ctx.io.cwd, file);
  await writeFileAtomic(path, text, { mode: 0o600 });
  ctx.io.stdout.write(`cluster ${info.server} verified; config written to ${path}\n`);
}
