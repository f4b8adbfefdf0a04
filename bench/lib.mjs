// Shared helpers for benchmarks: timing of whole commands, medians, kubectl detection, reporting.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const bin = fileURLToPath(new URL('../bin/platformctl', import.meta.url));

/**
 * Environment for measured processes. NODE_EXTRA_CA_CERTS makes every Node start-up load a CA
 * bundle (~40 ms on these machines); it is removed for both sides of every comparison.
 */
export function benchEnv(extra = {}) {
  const env = { ...process.env, NO_COLOR: '1', ...extra };
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/** Runs `cmd args` `runs` times (after `warmup` runs); returns sorted wall times in ms. */
export function timeCommand(cmd, args, { runs = 30, warmup = 3, env = benchEnv(), input } = {}) {
  const times = [];
  for (let i = 0; i < warmup + runs; i++) {
    const start = process.hrtime.bigint();
    const r = spawnSync(cmd, args, { env, stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'], input });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
    if (i >= warmup) times.push(ms);
  }
  return times.sort((a, b) => a - b);
}

export const median = (sorted) => sorted[Math.floor(sorted.length / 2)];
export const p10 = (sorted) => sorted[Math.floor(sorted.length / 10)];

/** True when `kubectl` is on PATH and runs. */
export function hasKubectl() {
  const r = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
  return r.status === 0;
}

/** Prints a result table and stores it as JSON under .bench-results/. */
export function report(name, rows, notes = []) {
  const width = Math.max(...rows.map((r) => r.what.length));
  console.log(`\n${name}`);
  for (const r of rows) console.log(`  ${r.what.padEnd(width)}  ${r.value}`);
  for (const n of notes) console.log(`  ${n}`);
  mkdirSync(new URL('../.bench-results/', import.meta.url), { recursive: true });
  writeFileSync(new URL(`../.bench-results/${name}.json`, import.meta.url), JSON.stringify({ name, rows, notes, at: new Date().toISOString() }, null, 2));
}
