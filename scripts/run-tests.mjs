#!/usr/bin/env node
// Runs the compiled node:test suite (dist/test/**/*.test.js).
// Usage: node scripts/run-tests.mjs [substring ...]   (only files whose path contains one of them)
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const testRoot = join(root, 'dist', 'test');

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (name.endsWith('.test.js')) out.push(p);
  }
  return out;
}

const filters = process.argv.slice(2);
let files = walk(testRoot);
if (filters.length > 0) files = files.filter((f) => filters.some((s) => relative(root, f).includes(s)));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
// Tests are mostly I/O-bound (real HTTPS to the local server), so run more files than cores at once.
const concurrency = process.env.TEST_CONCURRENCY ?? '4';
const env = { ...process.env, NO_COLOR: '1', TZ: 'UTC' };
// Start-up of every child node costs ~40 ms with NODE_EXTRA_CA_CERTS set; tests never need it.
delete env.NODE_EXTRA_CA_CERTS;
const child = spawn(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...files], { stdio: 'inherit', env });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
