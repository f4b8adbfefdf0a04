#!/usr/bin/env node
// Start-up benchmark: `platformctl version --client` against bare `node -e 0`, and against
// `kubectl version --client` when kubectl is on PATH. Budget: at most 1.5x bare Node.
// Usage: node bench/startup.mjs [--runs N] [--each-node]
//   --each-node  then again under every other Node line installed (bench/lib.mjs benchNodes)
import { fileURLToPath } from 'node:url';
import { alsoUnderEachNode, bin, hasKubectl, median, p10, report, timeCommand } from './lib.mjs';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 40;

// Interleave the measured commands so that machine noise hits them alike.
const cases = [
  { what: 'node -e 0', cmd: process.execPath, args: ['-e', '0'] },
  { what: 'platformctl version --client', cmd: process.execPath, args: [bin, 'version', '--client'] },
];
if (hasKubectl()) cases.push({ what: 'kubectl version --client', cmd: 'kubectl', args: ['version', '--client'] });
const samples = cases.map(() => []);
for (let i = 0; i < runs; i++) {
  cases.forEach((c, j) => samples[j].push(...timeCommand(c.cmd, c.args, { runs: 1, warmup: i === 0 ? 2 : 0 })));
}
const med = samples.map((s) => median(s.sort((a, b) => a - b)));
const rows = cases.map((c, j) => ({ what: c.what, value: `median ${med[j].toFixed(1)} ms (p10 ${p10(samples[j]).toFixed(1)} ms)` }));
const ratio = med[1] / med[0];
rows.push({ what: 'ratio to bare node', value: `${ratio.toFixed(2)}x (budget 1.5x)` });
if (cases.length > 2) rows.push({ what: 'ratio to kubectl', value: `${(med[1] / med[2]).toFixed(2)}x` });
report('startup', rows, [`${runs} interleaved runs each; NODE_EXTRA_CA_CERTS unset for all`]);
process.exitCode = Math.max(ratio <= 1.5 ? 0 : 1, alsoUnderEachNode(fileURLToPath(import.meta.url)));
