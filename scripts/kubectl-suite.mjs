#!/usr/bin/env node
// kubectl's own command-line test suite (Kubernetes' test/cmd) against the local server, through
// the shared harness ../shared/tools/kubectl-cmd-suite.sh (the shared tools and the suite's source
// live beside this repository, where CI lays them):
//   target a: stock kubectl through the rename proxy;
//   target b: platformctl in kubectl's place, through the shared kubectl-platform-shim.
// Prints each target's `N/M groups pass` and fails when a count is below its floor in
// test/kubectl-suite-floor.json (a ratchet: raise the floor as groups pass, never lower it).
// A failing group named in test/kubectl-suite-retry.json runs once more on its own and counts if it
// then passes; that file says, per group, which race outside this project makes it fail at times.
// Skips, saying why, when kubectl, bash or the suite's source is missing.
//
// Usage: node scripts/kubectl-suite.mjs [--target a|b] [--out DIR] [GROUP...]
//   GROUP...  only these groups (the floors are then not checked)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const shared = resolve(root, '..', 'shared');
const harness = join(shared, 'tools', 'kubectl-cmd-suite.sh');
const source = join(shared, 'kubectl-test-cmd');
const floorFile = join(root, 'test', 'kubectl-suite-floor.json');
const retryFile = join(root, 'test', 'kubectl-suite-retry.json');

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log('Usage: node scripts/kubectl-suite.mjs [--target a|b] [--out DIR] [GROUP...]');
  console.log('  --target a|b  only this target (a: stock kubectl through the rename proxy; b: platformctl)');
  console.log('  --out DIR     keep the logs in DIR (default: a new temporary directory)');
  console.log('  GROUP...      only these groups, e.g. run_pod_tests (the floors are then not checked)');
  process.exit(0);
}
const unknown = args.find((a) => a.startsWith('-') && a !== '--target' && a !== '--out');
if (unknown !== undefined) {
  console.error(`kubectl suite: unknown option ${unknown} (see --help)`);
  process.exit(1);
}
const option = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
};
const onlyTarget = option('--target');
const out = option('--out') ?? mkdtempSync(join(tmpdir(), 'kubectl-suite-'));
const groups = args;
const targets = onlyTarget === undefined ? ['a', 'b'] : [onlyTarget];

function skip(reason) {
  console.log(`kubectl suite: skipped: ${reason}`);
  process.exit(0);
}
if (!existsSync(harness)) skip(`the shared harness is not at ${harness}`);
if (!existsSync(join(source, 'test', 'cmd', 'legacy-script.sh'))) skip(`the suite's source is not at ${source}`);
if (spawnSync('bash', ['--version'], { stdio: 'ignore' }).status !== 0) skip('bash is not installed');
if (spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status !== 0) skip('kubectl is not on PATH');
if (!existsSync(join(root, 'dist', 'cli', 'platformctl.cjs'))) {
  console.error('kubectl suite: the CLI is not built (npm run build)');
  process.exit(1);
}

const floors = JSON.parse(readFileSync(floorFile, 'utf8'));
const retried = JSON.parse(readFileSync(retryFile, 'utf8'));

/** Runs the harness for one target; resolves with the passing and counted groups and the output. */
function runTarget(target, only = groups, dir = join(out, target)) {
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn('bash', [harness, source, target, ...only], {
      env: { ...process.env, PLATFORMCTL: join(root, 'bin', 'node-entry.cjs'), OUT: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    const take = (chunk) => {
      const s = chunk.toString('utf8');
      text += s;
      process.stdout.write(s.split('\n').filter((l) => /^(ok|FAIL|n\/a)\s/.test(l)).map((l) => `[${target}] ${l}\n`).join(''));
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('close', (code) => {
      const m = /(\d+)\/(\d+) groups pass/.exec(text);
      done({ target, code, passed: m === null ? 0 : Number(m[1]), counted: m === null ? 0 : Number(m[2]), seconds: Math.round((Date.now() - started) / 1000), text });
    });
  });
}

const failingGroups = (text) => text.split('\n').filter((l) => /^FAIL\s/.test(l)).map((l) => l.split(/\s+/)[1]);

/** Runs each failing group of `r` that the retry file names once more, alone; counts those that pass. */
async function retryRacy(r) {
  r.passedOnRetry = [];
  for (const group of failingGroups(r.text)) {
    if (typeof retried[group] !== 'string') continue;
    console.log(`[${r.target}] retry ${group}: ${retried[group]}`);
    const again = await runTarget(r.target, [group], join(out, `${r.target}-retry`));
    if (again.counted === 1 && again.passed === 1) r.passedOnRetry.push(group);
  }
  r.passed += r.passedOnRetry.length;
  return r;
}

let failed = false;
const results = [];
for (const target of targets) results.push(await retryRacy(await runTarget(target)));
console.log('');
for (const r of results) {
  const floor = floors[r.target];
  const failing = failingGroups(r.text).filter((g) => !r.passedOnRetry.includes(g));
  console.log(`target ${r.target}: ${r.passed}/${r.counted} groups pass (${r.seconds} s; floor ${floor ?? 'none'}; logs in ${join(out, r.target)})`);
  if (r.passedOnRetry.length > 0) console.log(`  passed when run again: ${r.passedOnRetry.join(' ')} (logs in ${join(out, `${r.target}-retry`)})`);
  if (failing.length > 0) console.log(`  failing: ${failing.join(' ')}`);
  if (r.counted === 0) {
    console.log(`  the harness reported no count (exit ${r.code})`);
    failed = true;
  } else if (groups.length === 0 && typeof floor === 'number' && r.passed < floor) {
    console.log(`  BELOW THE FLOOR of ${floor}`);
    failed = true;
  } else if (groups.length === 0 && typeof floor === 'number' && r.passed > floor) {
    console.log(`  above the floor: raise it to ${r.passed} in test/kubectl-suite-floor.json`);
  }
}
process.exitCode = failed ? 1 : 0;
