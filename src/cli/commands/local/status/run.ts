/**
 * `platformctl local status`: running and ready (exit 0), or not (exit 1).
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { credentials, dataDirOf, runningServer } from '../shared/data-dir.js';
import { isReady } from '../shared/ready.js';

/** `platformctl local status`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  if (args.length > 0) throw new UsageError(`unexpected arguments: ${args.join(' ')}`);
  const dataDir = dataDirOf(ctx, flags);
  const running = await runningServer(dataDir);
  if (running === undefined) {
    ctx.io.stdout.write(`Local server is not running (data dir ${dataDir})\n`);
    return 1;
  }
  const creds = await credentials(dataDir);
  const ready = creds !== undefined && await isReady(running.url, creds.caPem, creds.token);
  ctx.io.stdout.write(`Local server is ${ready ? 'running' : 'starting (not ready)'} at ${running.url} (pid ${running.pid}, data dir ${dataDir})\n`);
  return ready ? 0 : 1;
}
