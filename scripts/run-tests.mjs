#!/usr/bin/env node
// Runs the compiled node:test suite (dist/test/**/*.test.js).
// Usage: node scripts/run-tests.mjs [--reporter spec|tap|dot|junit|summary] [--junit FILE] [substring ...]
//   (only files whose path contains one of the substrings)
// The reporter on stdout: `--reporter`, else $TEST_REPORTER, else `spec` on a terminal and otherwise
// `summary` (one line per file, failures in full, skip reasons, the failures again, totals). CI gets
// the summary too: its log is read from the tail, where TAP's thousands of lines hide a failure.
// `--junit FILE` (or $TEST_JUNIT) also writes a JUnit XML report to FILE.
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
};
const REPORTERS = ['spec', 'tap', 'dot', 'junit', 'summary'];
const reporter = option('--reporter') ?? process.env.TEST_REPORTER ?? (process.stdout.isTTY ? 'spec' : 'summary');
if (!REPORTERS.includes(reporter)) {
  console.error(`unknown reporter ${reporter}: one of ${REPORTERS.join(', ')}`);
  process.exit(1);
}
const junit = option('--junit') ?? process.env.TEST_JUNIT;

const filters = args;
let files = walk(testRoot);
if (filters.length > 0) files = files.filter((f) => filters.some((s) => relative(root, f).includes(s)));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const reporterArgs = [`--test-reporter=${reporter === 'summary' ? join(root, 'scripts', 'test-summary-reporter.mjs') : reporter}`, '--test-reporter-destination=stdout'];
if (junit !== undefined && junit !== '') {
  const file = resolve(junit);
  mkdirSync(dirname(file), { recursive: true });
  reporterArgs.push('--test-reporter=junit', `--test-reporter-destination=${file}`);
}
// Tests are mostly I/O-bound (real HTTPS to the local server), so run more files than cores at once.
const concurrency = process.env.TEST_CONCURRENCY ?? '4';
const env = { ...process.env, NO_COLOR: '1', TZ: 'UTC' };
// Start-up of every child node costs ~40 ms with NODE_EXTRA_CA_CERTS set; only the tests' npm calls
// need it (a registry behind a proxy with its own CA: Node's official builds trust only their bundled
// roots), and they put it back from here.
if (env.NODE_EXTRA_CA_CERTS !== undefined) env.PLATFORMCTL_TEST_NPM_CA_CERTS = env.NODE_EXTRA_CA_CERTS;
delete env.NODE_EXTRA_CA_CERTS;
// Tests decide colour themselves (FORCE_COLOR goldens); an inherited FORCE_COLOR would leak into the others.
delete env.FORCE_COLOR;
// A test that hangs (a stream nobody ends) fails by name after ten minutes instead of stalling the
// whole run until CI gives up; the slowest suites take about two.
const timeoutArgs = ['--test-timeout=600000'];
const child = spawn(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...timeoutArgs, ...reporterArgs, ...files], { stdio: 'inherit', env, cwd: root });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
