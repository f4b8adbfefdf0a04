#!/usr/bin/env node
// A/B of two builds of the CLI on one command: interleaved runs (the order alternates), medians of
// wall time and of CPU time (perf stat's task-clock, all threads, when perf is on PATH). CPU time
// is what to compare on a machine shared with other work, where wall times swing two- to tenfold.
// Build the "before" side from a commit with, e.g.:
//   mkdir /tmp/base && git archive <commit> src scripts package.json bin | tar -x -C /tmp/base
//   ln -s "$PWD/node_modules" /tmp/base/node_modules && (cd /tmp/base && node scripts/bundle.mjs)
// Usage: node bench/ab.mjs [--runs N] BIN_A BIN_B -- ARGS...   (NODE_EXTRA_CA_CERTS passes through)
import { median, runOnce } from './lib.mjs';

const argv = process.argv.slice(2);
let runs = 11;
if (argv[0] === '--runs') {
  runs = Number(argv[1]);
  argv.splice(0, 2);
}
const sep = argv.indexOf('--');
const [a, b] = argv.slice(0, sep);
const args = argv.slice(sep + 1);
if (sep !== 2 || a === undefined || b === undefined) {
  console.error('usage: node bench/ab.mjs [--runs N] BIN_A BIN_B -- ARGS...');
  process.exit(2);
}
const env = { ...process.env, NO_COLOR: '1' };

const once = (bin) => runOnce(process.execPath, [bin, ...args], { env, cpu: true });

const results = new Map([[a, []], [b, []]]);
// One unmeasured round warms the page cache and the code caches of both sides.
for (let i = 0; i <= runs; i++) {
  for (const bin of i % 2 === 0 ? [a, b] : [b, a]) {
    const r = once(bin);
    if (i > 0) results.get(bin).push(r);
  }
}
for (const [bin, rs] of results) {
  const wall = median(rs.map((r) => r.wall).sort((x, y) => x - y));
  const cpus = rs.map((r) => r.cpu).filter((c) => c !== undefined).sort((x, y) => x - y);
  console.log(`${bin}: wall ${wall.toFixed(1)} ms${cpus.length > 0 ? `, cpu ${median(cpus).toFixed(1)} ms` : ''} (median of ${runs})`);
}
