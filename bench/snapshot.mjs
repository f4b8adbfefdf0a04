#!/usr/bin/env node
// Would a V8 start-up snapshot of the CLI (Node's --build-snapshot / --snapshot-blob) start
// commands faster than today's path (one CommonJS bundle compiled with V8's code cache, see
// src/cli/startup/loader.ts)? This builds, for every Node of bench/lib.mjs benchNodes():
//   - an empty snapshot (what deserializing any user snapshot costs by itself), and
//   - a snapshot of the whole CLI with its static module graph evaluated, whose main function
//     runs the command line (the same esbuild options as scripts/bundle.mjs, without side bundles);
// then measures CPU time (perf stat's task-clock, all threads; wall time on a machine without
// perf) of `version --client` and `get cm alpha` both ways, next to bare `node -e 0`.
// Usage: npm run build && node bench/snapshot.mjs [--runs N]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { benchEnv, benchNodes, bin, HAS_PERF, kubeconfigText, median, root, runOnce, startServerProcess } from './lib.mjs';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 15;

const dir = mkdtempSync(join(tmpdir(), 'bench-snapshot-'));
const { child: server, info } = await startServerProcess();
process.on('exit', () => {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});
writeFileSync(join(dir, 'ca.crt'), info.caPem);
const config = join(dir, 'config');
writeFileSync(config, kubeconfigText(info.url, `    certificate-authority: ${join(dir, 'ca.crt')}`, info.token).replace('context: {cluster: c, user: u}', 'context: {cluster: c, user: u, namespace: default}'), { mode: 0o600 });
const env = benchEnv({ PLATFORMCONFIG: config, HOME: dir });

// The snapshot's entry: evaluating run.ts's module graph is what a snapshot can save; main.ts (the
// process wiring) runs in the deserialized process, with argv as a script's (node, script, args).
const entry = [
  "import './src/cli/run.ts';",
  "import { startupSnapshot } from 'node:v8';",
  `startupSnapshot.setDeserializeMainFunction(() => { process.argv.splice(1, 0, ${JSON.stringify(bin)}); require('./src/cli/main.ts'); });`,
].join('\n');
const cliFile = join(dir, 'cli.cjs');
await build({
  stdin: { contents: entry, resolveDir: root, sourcefile: 'snapshot-entry.ts', loader: 'ts' },
  bundle: true, platform: 'node', target: 'node20', format: 'cjs', external: ['keytar'], logLevel: 'error',
  supported: { 'dynamic-import': false }, minify: true, outfile: cliFile,
  define: { PLATFORMCTL_VERSION: '"0.0.0"', 'import.meta.url': '__snapshotUrl' },
  banner: { js: `const __snapshotUrl = ${JSON.stringify(`file://${join(root, 'dist', 'cli', 'platformctl.cjs')}`)};` },
});
const emptyFile = join(dir, 'empty.cjs');
writeFileSync(emptyFile, "require('node:v8').startupSnapshot.setDeserializeMainFunction(() => {});\n");

/** Median CPU (or, without perf, wall) milliseconds of `node args`, after two unmeasured runs. */
function cost(node, args) {
  const samples = [];
  for (let i = 0; i < runs + 2; i++) {
    const { wall, cpu } = runOnce(node, args, { env, cpu: true });
    if (i >= 2) samples.push(cpu ?? wall);
  }
  return median(samples.sort((a, b) => a - b));
}

console.log(`snapshot start-up (${HAS_PERF ? 'CPU ms, perf stat task-clock' : 'wall ms'}, median of ${runs})`);
for (const { version, path } of benchNodes()) {
  const blobs = {};
  for (const [name, file] of [['empty', emptyFile], ['cli', cliFile]]) {
    blobs[name] = join(dir, `${name}-${version}.blob`);
    const r = spawnSync(path, ['--snapshot-blob', blobs[name], '--build-snapshot', file], { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`building the ${name} snapshot under ${version} failed:\n${r.stderr.slice(-1500)}`);
  }
  const mb = (f) => (statSync(f).size / 1e6).toFixed(1);
  console.log(`\n${version}: empty snapshot ${mb(blobs.empty)} MB, CLI snapshot ${mb(blobs.cli)} MB`);
  const row = (label, ms) => console.log(`  ${label.padEnd(44)} ${ms.toFixed(1).padStart(7)}`);
  row('node -e 0', cost(path, ['-e', '0']));
  row('node --snapshot-blob <empty>', cost(path, ['--snapshot-blob', blobs.empty]));
  for (const command of [['version', '--client'], ['get', 'cm', 'alpha']]) {
    if (command[0] === 'get') spawnSync(path, [bin, 'create', 'cm', 'alpha'], { env, stdio: 'ignore' });
    row(`${command.join(' ')}: today's bundle`, cost(path, [bin, ...command]));
    row(`${command.join(' ')}: CLI snapshot`, cost(path, ['--snapshot-blob', blobs.cli, ...command]));
  }
}
console.log(`\nload average: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
