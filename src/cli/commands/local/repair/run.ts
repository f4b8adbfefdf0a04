/**
 * `platformctl local repair`: shows (and with --yes does) what dropping the damaged part of the
 * local server's store takes. The work is the store's own (server/storage/repair.ts); this
 * command checks that the server is stopped, holds the store's lock, and reports.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { FILES, dataDirOf, localCommandLine, runningServer } from '../shared/data-dir.js';
import type { RepairDrop, RepairPlan } from '../../../../server/storage/repair.js';

/** `platformctl local repair`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  if (args.length > 0) throw new UsageError(`unexpected arguments: ${args.join(' ')}`);
  const dataDir = dataDirOf(ctx, flags);
  const storeDir = join(dataDir, FILES.store);
  const stopFirst = (pid: number): Error =>
    new Error(`the local server is running (pid ${pid}, data dir ${dataDir}); stop it first with "${localCommandLine(ctx, dataDir, 'stop')}"`);
  const running = await runningServer(dataDir);
  if (running !== undefined) throw stopFirst(running.pid);
  if (!existsSync(storeDir)) {
    ctx.io.stdout.write(`There is no store in ${dataDir}: nothing to repair\n`);
    return 0;
  }
  const { acquireLock } = await import('../../../../server/storage/files.js');
  const repair = await import('../../../../server/storage/repair.js');
  let release: () => Promise<void>;
  try {
    release = await acquireLock(storeDir);
  } catch (err) {
    // The store's error classes live in another bundle: tell them by name.
    if (err instanceof Error && err.name === 'StoreLockedError') throw stopFirst((err as Error & { pid: number }).pid);
    throw err;
  }
  try {
    const plan = await repair.planRepair(storeDir);
    if (!repair.needsRepair(plan)) {
      ctx.io.stdout.write(`The store in ${storeDir} is intact: nothing to repair\n`);
      if (plan.torn !== undefined) {
        ctx.io.stdout.write(`Its last log segment ends with ${plan.torn.bytes} bytes of a record cut off by a crash (never acknowledged), at offset ${plan.torn.offset} of ${basename(plan.torn.file)}; the next start drops them.\n`);
      }
      return 0;
    }
    const text = describePlan(plan);
    ctx.io.stdout.write(text);
    if (!flags.bool('yes')) {
      ctx.io.stdout.write(`Nothing was changed. To do this, run: ${localCommandLine(ctx, dataDir, 'repair', '--yes')}\n`);
      return 0;
    }
    const now = ctx.io.now();
    const aside = asideDir(dataDir, now);
    await repair.applyRepair(plan, aside, `Repaired by "${localCommandLine(ctx, dataDir, 'repair', '--yes')}" at ${now.toISOString()}.\n\n${text}`);
    const after = await repair.planRepair(storeDir);
    if (after.damage !== undefined) throw new Error(`the store is still damaged after the repair: ${after.damage.message}`);
    ctx.io.stdout.write(`Moved the dropped parts to ${aside} (REPAIR.txt there lists them).\n`);
    ctx.io.stdout.write(`The store now ends at resource version ${plan.keptRV}; "${localCommandLine(ctx, dataDir, 'start')}" starts it.\n`);
    return 0;
  } finally {
    await release();
  }
}

/** `damaged-<UTC time>` in the data directory, with a counter if that exists already. */
function asideDir(dataDir: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  for (let n = 1; ; n++) {
    const dir = join(dataDir, n === 1 ? `damaged-${stamp}` : `damaged-${stamp}-${n}`);
    if (!existsSync(dir)) return dir;
  }
}

/** The plan, as the dry run prints it and REPAIR.txt keeps it. */
export function describePlan(plan: RepairPlan): string {
  const lines: string[] = [];
  if (plan.damage !== undefined) lines.push(`The store in ${plan.dir} is damaged:`, `  ${plan.damage.file} at offset ${plan.damage.offset}: ${plan.damage.detail}`);
  if (plan.drops.length > 0) {
    lines.push(`Repairing it keeps the data up to resource version ${plan.keptRV} and drops:`);
    for (const drop of plan.drops) lines.push(`  ${drop.name}: ${dropText(drop)}: ${drop.why}`);
  } else {
    lines.push(`Repairing it keeps the data up to resource version ${plan.keptRV} and drops no file.`);
  }
  const known = plan.acknowledgedRV !== undefined;
  if (plan.lost !== undefined) {
    const { from, to, readable } = plan.lost;
    const count = to - from + 1;
    const versions = from === to ? `resource version ${from}` : `resource versions ${from}-${to}`;
    const bound = known ? '' : 'at least ';
    lines.push(`Writes lost: ${bound}${versions} (${bound}${count} ${count === 1 ? 'record' : 'records'}; ${readable} of them still readable in what is moved aside).`);
  }
  if (!known) lines.push('(The store has no valid checkpoint, so writes after the damage that no file shows cannot be counted.)');
  else if (plan.lost === undefined) lines.push(`Writes lost: none (the last acknowledged one, resource version ${plan.acknowledgedRV ?? 0}, is kept).`);
  const creates: string[] = [];
  if (plan.newSegment !== undefined) creates.push(`creates the empty log segment ${plan.newSegment}`);
  if (plan.checkpoint !== undefined) creates.push(`writes CHECKPOINT for resource version ${plan.checkpoint.rv}`);
  if (creates.length > 0) lines.push(`It ${creates.join(' and ')}.`);
  return `${lines.join('\n')}\n`;
}

function dropText(drop: RepairDrop): string {
  const bytes = drop.to - drop.from;
  const records = `${drop.records} whole ${drop.records === 1 ? 'record' : 'records'}`;
  switch (drop.kind) {
    case 'file':
      return `the whole file (${bytes} bytes, ${records})`;
    case 'tail':
      return `bytes ${drop.from} to its end at ${drop.to} (${bytes} bytes, ${records}; the whole file is kept aside)`;
    case 'gone':
      return `bytes ${drop.from} to ${drop.to} (${bytes} bytes) are already gone`;
    case 'missing':
      return `the file is already gone (it held ${drop.to} bytes)`;
  }
}
