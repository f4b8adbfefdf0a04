#!/usr/bin/env node
// Completion start-up benchmark: `platformctl __complete ...` for the cases that need no server,
// interleaved with `platformctl version --client` and bare `node -e 0`. Budget: a
// completion from the command tree (commands, flags, fixed values) answers in about the time of
// `version --client` (median at most 1.15x of it). Completing config names must also read and
// parse the config files (YAML): reported beside it, without a budget of its own.
// Usage: node bench/complete.mjs [--runs N]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, bin, median, p10, report, timeCommand } from './lib.mjs';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 30;

// A config file with a few contexts, for the case that reads config files.
const dir = mkdtempSync(join(tmpdir(), 'platformctl-bench-complete-'));
const config = join(dir, 'config');
writeFileSync(
  config,
  [
    'apiVersion: v1',
    'kind: Config',
    'current-context: dev',
    'clusters:',
    '- name: c1',
    '  cluster: {server: "https://127.0.0.1:1"}',
    'users:',
    '- name: u1',
    '  user: {token: t}',
    'contexts:',
    ...['dev', 'prod', 'staging'].flatMap((n) => [`- name: ${n}`, '  context: {cluster: c1, user: u1}']),
    '',
  ].join('\n'),
);
const env = benchEnv({ PLATFORMCONFIG: config, HOME: dir });

const cases = [
  { what: 'node -e 0', cmd: process.execPath, args: ['-e', '0'] },
  { what: 'platformctl version --client', cmd: process.execPath, args: [bin, 'version', '--client'] },
  { what: "__complete '' (all commands)", cmd: process.execPath, args: [bin, '__complete', ''], budget: true },
  { what: '__complete version --o (flags)', cmd: process.execPath, args: [bin, '__complete', 'version', '--o'], budget: true },
  { what: "__complete version -o '' (values)", cmd: process.execPath, args: [bin, '__complete', 'version', '-o', ''], budget: true },
  { what: "__complete --context '' (config)", cmd: process.execPath, args: [bin, '__complete', '--context', ''] },
];
const samples = cases.map(() => []);
try {
  for (let i = 0; i < runs; i++) {
    cases.forEach((c, j) => samples[j].push(...timeCommand(c.cmd, c.args, { runs: 1, warmup: i === 0 ? 2 : 0, env })));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const med = samples.map((s) => median(s.sort((a, b) => a - b)));
const rows = cases.map((c, j) => ({ what: c.what, value: `median ${med[j].toFixed(1)} ms (p10 ${p10(samples[j]).toFixed(1)} ms)` }));
const version = med[1];
let worst = 0;
cases.forEach((c, j) => {
  if (c.budget) worst = Math.max(worst, med[j] / version);
});
rows.push({ what: 'worst ratio to version --client', value: `${worst.toFixed(2)}x (budget 1.15x; command-tree cases)` });
rows.push({ what: 'config names, ratio', value: `${(med[cases.length - 1] / version).toFixed(2)}x (reads and parses YAML; no budget)` });
report('complete', rows, [`${runs} interleaved runs each; NODE_EXTRA_CA_CERTS unset for all`]);
process.exitCode = worst <= 1.15 ? 0 : 1;
