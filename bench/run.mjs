#!/usr/bin/env node
// Runs every benchmark in bench/ (or those named on the command line), one after another.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const all = readdirSync(dir).filter((f) => f.endsWith('.mjs') && f !== 'run.mjs' && f !== 'lib.mjs').sort();
let failed = 0;
for (const f of all.filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))) {
  const r = spawnSync(process.execPath, [dir + f], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
