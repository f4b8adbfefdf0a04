#!/usr/bin/env node
// Storage-engine micro-benchmark (src/server/storage, compiled: run `npm run build` first).
//  1. creates/s with 16 in flight, every acknowledged write fsynced (target >= 2,000/s);
//  2. the same with 50 watchers consuming every event;
//  3. heap after 100,000 (and 200,000) writes churning 1,000 keys with the default 5-minute
//     history (capped at 100,000 events): memory stays bounded, compaction keeps the files small.
// Usage: node bench/store.mjs [--creates N]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from './lib.mjs';

if (typeof globalThis.gc !== 'function') {
  const r = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const { Store } = await import('../dist/src/server/storage/index.js');
const createsArg = process.argv.indexOf('--creates');
const CREATES = createsArg > 0 ? Number(process.argv[createsArg + 1]) : 20_000;
const IN_FLIGHT = 16;

const configMap = (name, n = 0) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'default', uid: `0b5c1a2e-7d3f-4c1e-9a8b-${String(n).padStart(12, '0')}`, creationTimestamp: '2026-01-01T00:00:00Z', labels: { app: 'bench' } },
  data: { 'config.yaml': `key: value\nn: ${n}\n`, other: 'x'.repeat(120) },
});

const dirBytes = (dir) => readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
const mib = (b) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
const heap = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** Runs `total` operations with IN_FLIGHT lanes; returns { ms, latencies }. */
async function drive(total, op) {
  let next = 0;
  const latencies = [];
  const start = performance.now();
  const lane = async () => {
    while (next < total) {
      const i = next++;
      const t = performance.now();
      await op(i);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  return { ms: performance.now() - start, latencies: latencies.sort((a, b) => a - b) };
}

const rows = [];
const notes = [];

// 1. creates/s, fsync on.
{
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-bench-store-'));
  const store = await Store.open({ dataDir: dir });
  const { ms, latencies } = await drive(CREATES, (i) => store.create('configmaps', `default/cm-${String(i).padStart(6, '0')}`, configMap(`cm-${i}`, i)));
  const rate = (CREATES / ms) * 1000;
  rows.push({ what: `creates/s, ${IN_FLIGHT} in flight, fsync`, value: `${rate.toFixed(0)}/s (${CREATES} creates; p50 ${pct(latencies, 0.5).toFixed(2)} ms, p99 ${pct(latencies, 0.99).toFixed(2)} ms; target >= 2000/s)` });
  const t = performance.now();
  const listed = await store.list('configmaps', { keyPrefix: 'default/' });
  rows.push({ what: `list of ${listed.items.length} entries`, value: `${(performance.now() - t).toFixed(1)} ms` });
  await store.close();
  const t2 = performance.now();
  const reopened = await Store.open({ dataDir: dir });
  rows.push({ what: `reopen (replay ${mib(dirBytes(dir))} of log)`, value: `${(performance.now() - t2).toFixed(0)} ms` });
  await reopened.close();
  rmSync(dir, { recursive: true, force: true });
  process.exitCode = rate >= 2000 ? 0 : 1;
}

// 2. creates/s with 50 watchers draining every event.
{
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-bench-store-'));
  const store = await Store.open({ dataDir: dir });
  const N = Math.min(CREATES, 10_000);
  let delivered = 0;
  const watchers = Array.from({ length: 50 }, () => {
    const watch = store.watch('configmaps');
    const done = (async () => {
      for await (const _event of watch) delivered++;
    })();
    return { watch, done };
  });
  const { ms } = await drive(N, (i) => store.create('configmaps', `default/cm-${i}`, configMap(`cm-${i}`, i)));
  await new Promise((r) => setTimeout(r, 50));
  for (const w of watchers) w.watch.close();
  await Promise.all(watchers.map((w) => w.done));
  rows.push({ what: 'creates/s with 50 watchers', value: `${((N / ms) * 1000).toFixed(0)}/s (${delivered} of ${N * 50} events delivered)` });
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

// 3. Memory over 200,000 writes churning 1,000 keys (creates, updates, deletes), default history settings.
{
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-bench-store-'));
  const store = await Store.open({ dataDir: dir });
  const base = heap();
  const KEYS = 1000;
  const version = new Array(KEYS).fill(-1); // -1 absent, else the update count
  let maxDir = 0;
  const samples = [];
  const STEP = 25_000;
  for (let done = 0; done < 200_000; done += STEP) {
    // Each lane owns keys i % 16 == lane, so no two writes to a key are in flight at once.
    let next = done;
    const end = done + STEP;
    await Promise.all(Array.from({ length: IN_FLIGHT }, async (_, lane) => {
      let k = lane;
      while (next < end) {
        next++;
        k = (k + IN_FLIGHT) % KEYS;
        const key = `default/churn-${k}`;
        const v = version[k];
        if (v === -1) {
          await store.create('configmaps', key, configMap(`churn-${k}`, 0));
          version[k] = 0;
        } else if (v >= 8) {
          await store.delete('configmaps', key);
          version[k] = -1;
        } else {
          await store.update('configmaps', key, (cur) => ({ ...cur.value, data: { ...cur.value.data, n: String(v + 1) } }));
          version[k] = v + 1;
        }
      }
    }));
    maxDir = Math.max(maxDir, dirBytes(dir));
    const stats = store.stats();
    samples.push(`${(end / 1000).toFixed(0)}k writes: heap +${mib(heap() - base)}, history ${stats.historyEvents} events, data dir ${mib(dirBytes(dir))}`);
  }
  for (const s of samples) notes.push(s);
  rows.push({ what: 'heap growth after 100,000 churn writes', value: samples[3] ?? '' });
  rows.push({ what: 'heap growth after 200,000 churn writes', value: samples[7] ?? '' });
  rows.push({ what: 'largest data dir during churn', value: mib(maxDir) });
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

// 4. Memory with a short history: what the state itself costs.
{
  const store = await Store.open({ historyMaxEvents: 1000 });
  const base = heap();
  for (let i = 0; i < 100_000; i += 1000) {
    await Promise.all(Array.from({ length: 1000 }, (_, j) => store.create('configmaps', `default/cm-${i + j}`, configMap(`cm-${i + j}`, i + j))));
  }
  rows.push({ what: '100,000 stored configmaps (in memory, history 1,000)', value: `heap +${mib(heap() - base)}` });
  await store.close();
}

report('store', rows, notes);
