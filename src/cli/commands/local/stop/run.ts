/**
 * `platformctl local stop`: SIGTERM to the server process, then wait for it to exit (SIGKILL only
 * if it does not within the timeout).
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { alive, clearPid, dataDirOf, runningServer } from '../shared/data-dir.js';

const STOP_TIMEOUT_MS = 30_000;

/** `platformctl local stop`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  if (args.length > 0) throw new UsageError(`unexpected arguments: ${args.join(' ')}`);
  const dataDir = dataDirOf(ctx, flags);
  const running = await runningServer(dataDir);
  if (running === undefined) {
    await clearPid(dataDir);
    ctx.io.stdout.write('Local server is not running\n');
    return 0;
  }
  process.kill(running.pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (alive(running.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (alive(running.pid)) {
    process.kill(running.pid, 'SIGKILL');
    ctx.io.stderr.write(`${ctx.colors.stderr.yellow('Warning:')} the local server did not stop within ${STOP_TIMEOUT_MS / 1000}s and was killed\n`);
  }
  await clearPid(dataDir);
  ctx.io.stdout.write(`Local server stopped (pid ${running.pid})\n`);
  return 0;
}
