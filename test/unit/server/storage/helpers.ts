/** Shared helpers of the storage engine's tests: temp data dirs, a settable clock, watch draining. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonObject, StoreEvent, StoreWatch } from '../../../../src/server/storage/index.js';

/** Creates a temp dir; `cleanup` removes it. */
export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-store-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A clock tests move by hand. */
export function manualClock(start = 1_700_000_000_000): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

/** A ConfigMap-like value. */
export function configMap(name: string, data: Record<string, string> = {}, namespace = 'default'): JsonObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data };
}

/** Reads `n` events from an iterator of a watch (failing after `timeoutMs`). */
export async function take(iterator: AsyncIterator<StoreEvent>, n: number, timeoutMs = 2000): Promise<StoreEvent[]> {
  const out: StoreEvent[] = [];
  const deadline = Date.now() + timeoutMs;
  while (out.length < n) {
    const remaining = deadline - Date.now();
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      iterator.next(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${out.length} of ${n} events`)), Math.max(1, remaining));
      }),
    ]).finally(() => clearTimeout(timer));
    if (result.done) throw new Error(`watch ended after ${out.length} of ${n} events`);
    out.push(result.value);
  }
  return out;
}

/** Whether the next step of `iterator` stays pending for `ms` (no event arrives). */
export async function staysQuiet(iterator: AsyncIterator<StoreEvent>, ms = 30): Promise<{ quiet: boolean; next: Promise<IteratorResult<StoreEvent>> }> {
  const next = iterator.next();
  const winner = await Promise.race([next.then(() => 'event' as const), new Promise<'quiet'>((r) => setTimeout(() => r('quiet'), ms))]);
  return { quiet: winner === 'quiet', next };
}

/** Compact `type:key@rv` strings of events, for readable assertions. */
export function summarize(events: readonly StoreEvent[]): string[] {
  return events.map((e) => `${e.type}:${e.key}@${e.rv}`);
}

/** An iterator over a watch. */
export function iterate(watch: StoreWatch): AsyncIterator<StoreEvent> {
  return watch[Symbol.asyncIterator]();
}
