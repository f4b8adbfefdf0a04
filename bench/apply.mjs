#!/usr/bin/env node
// Apply benchmark (issue 5): `apply -f DIR` of 300 objects, server-side and client-side, against
// the local server (a child process on a data directory, every write fsynced). Where kubectl is on
// PATH it applies the same manifests through the rename proxy on the same server, and the report
// gives the ratio (targets: >= 4x faster server-side, >= 8x client-side, at the default concurrency).
// Sets: 300 ConfigMaps (DESIGN.md's table) and the generated mixed directory (namespaces,
// ConfigMaps, Deployments; its CRD variant is ours only: kubectl cannot apply a CRD and its objects
// in one run; namespaces are in a file of their own that sorts first, because kubectl applies in
// file order). Each run applies to fresh namespaces, then re-applies (all unchanged).
// The local server answers a request in about a millisecond, so kubectl's one-at-a-time apply is
// fast against it and both clients are bound by their own CPU. DESIGN.md's kubectl numbers were
// measured against a real API server, where every request pays a network and apiserver round
// trip: the benchmark therefore also runs every case through a TCP proxy that delays each answer
// by --latency ms (default 25, which makes kubectl's times match the DESIGN.md table), and the
// targets are checked there.
// Usage: node bench/apply.mjs [--runs N] [--latency MS]   (PLATFORMCTL_BENCH_BIN=path/to/main.js to measure another build)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, bin, hasKubectl, median, report, root } from './lib.mjs';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const latencyArg = process.argv.indexOf('--latency');
const LATENCY_MS = latencyArg > 0 ? Number(process.argv[latencyArg + 1]) : 25;
// The CLI entry to measure (default bin/platformctl); a private copy keeps a run independent of
// rebuilds of dist/ while it runs.
const cliEntry = process.env.PLATFORMCTL_BENCH_BIN ?? bin;

/**
 * A TCP proxy that delays every chunk from the upstream by a round trip's latency. It runs in a
 * child process: this one blocks in spawnSync while the clients run.
 */
const latencySource = `
import { createServer, connect } from 'node:net';
const [upstreamPort, delayMs] = process.argv.slice(1).map(Number);
const server = createServer((client) => {
  const upstream = connect(upstreamPort, '127.0.0.1');
  client.pipe(upstream);
  upstream.on('data', (chunk) => setTimeout(() => { if (!client.destroyed) client.write(chunk); }, delayMs));
  upstream.on('end', () => setTimeout(() => client.end(), delayMs));
  const close = () => { client.destroy(); upstream.destroy(); };
  client.on('error', close);
  upstream.on('error', close);
  client.on('close', () => upstream.destroy());
});
server.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: server.address().port }) + '\\n'));
`;
const { generateManifests } = await import(join(root, 'dist/test/fixtures/manifests/generate.js'));

const childSource = `
import { startServer } from ${JSON.stringify(join(root, 'dist/src/server/index.js'))};
const server = await startServer({ dataDir: process.argv[1], port: 0 });
process.stdout.write(JSON.stringify({ url: server.url, caPem: server.caPem, token: server.adminToken }) + '\\n');
process.once('SIGTERM', () => { void server.stop().then(() => process.exit(0)); });
`;

function startProcess(args, match) {
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

/** Runs a command under /usr/bin/time; returns wall and CPU seconds and peak RSS (MiB). */
function measure(cmd, args, env) {
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', cmd, ...args], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const line = r.stderr.split('\n').reverse().find((l) => l.startsWith('TIME '));
  if (r.status !== 0 || line === undefined) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stderr.slice(-2000)}`);
  const [, wall, user, sys, rss] = line.split(' ').map(Number);
  return { wall, cpu: user + sys, rssMiB: rss / 1024, stdout: r.stdout };
}

function configMaps(dir, prefix) {
  mkdirSync(dir, { recursive: true });
  const docs = [`apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${prefix}\n`];
  for (let i = 0; i < 299; i++) docs.push(`apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-${i}\n  namespace: ${prefix}\ndata:\n  index: "${i}"\n  greeting: hello-${i}\n`);
  writeFileSync(join(dir, 'configmaps.yaml'), docs.join('---\n'));
}

const work = mkdtempSync(join(tmpdir(), 'platformctl-bench-apply-'));
const server = await startProcess(['--input-type=module', '-e', childSource, join(work, 'data')], (buf) => {
  const line = buf.split('\n').find((l) => l.startsWith('{'));
  return line === undefined ? undefined : JSON.parse(line);
});
const { url, caPem, token } = server.info;
const serverPort = Number(new URL(url).port);
const slow = await startProcess(['--input-type=module', '-e', latencySource, String(serverPort), String(LATENCY_MS)], (buf) => {
  const line = buf.split('\n').find((l) => l.startsWith('{'));
  return line === undefined ? undefined : JSON.parse(line);
});
const kubeconfig = (serverUrl, tls) => `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: ${serverUrl}\n${tls}\nusers:\n- name: u\n  user:\n    token: ${token}\ncontexts:\n- name: c\n  context: {cluster: c, user: u}\ncurrent-context: c\n`;
const caData = `    certificate-authority-data: ${Buffer.from(caPem).toString('base64')}`;
const kubectl = hasKubectl();
const proxies = [];

/** Configs for both tools against one upstream (kubectl through the rename proxy). */
async function environments(name, upstreamPort) {
  const upstream = `https://127.0.0.1:${upstreamPort}`;
  writeFileSync(join(work, `ours-${name}`), kubeconfig(upstream, caData), { mode: 0o600 });
  const out = { ours: benchEnv({ PLATFORMCONFIG: join(work, `ours-${name}`), HOME: work }) };
  if (kubectl) {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const proxy = await startProcess([join(root, '..', 'shared', 'tools', 'rename-proxy.mjs'), '--listen', `127.0.0.1:${port}`, '--upstream', upstream, '--client', 'k8s', '--insecure-upstream', '--tls', '--cert-dir', join(work, `proxy-certs-${name}`)], (buf) => (buf.includes('listening') ? true : undefined));
    proxies.push(proxy);
    writeFileSync(join(work, `kube-${name}`), kubeconfig(`https://127.0.0.1:${port}`, '    insecure-skip-tls-verify: true'), { mode: 0o600 });
    out.kube = benchEnv({ KUBECONFIG: join(work, `kube-${name}`), HOME: work });
  }
  return out;
}

const rows = [];
const notes = [
  `median of ${RUNS} runs (direct) and 1 run (with latency); wall and CPU of the client process (/usr/bin/time); server in a child process with an fsynced data dir`,
  'kubectl runs with --validate=false (the local server has no OpenAPI document) through the rename proxy',
];
let serial = 0;
const configMapSet = { name: '300 configmaps', make: (dir, prefix) => configMaps(dir, prefix), kubectl: true };
const mixedSet = { name: '300 mixed (ns, cm, deploy)', make: (dir, prefix) => generateManifests(dir, { crd: false, prefix, namespacesFirst: true }), kubectl: true };
const crdSet = { name: '300 mixed with CRD', make: (dir, prefix) => generateManifests(dir, { crd: true, prefix }), kubectl: false };
let worstSsa = Infinity;
let worstCsa = Infinity;
try {
  const networks = [
    { name: 'direct', env: await environments('direct', serverPort), sets: [configMapSet, mixedSet, crdSet], runs: RUNS, targets: false },
    { name: `+${LATENCY_MS} ms`, env: await environments('slow', slow.info.port), sets: [configMapSet, mixedSet], runs: 1, targets: true },
  ];
  for (const network of networks) {
    for (const set of network.sets) {
      for (const mode of ['server-side', 'client-side']) {
        const flagsFor = (tool) => (mode === 'server-side' ? ['--server-side'] : []).concat(tool === 'kubectl' ? ['--validate=false'] : []);
        const result = {};
        for (const tool of set.kubectl && kubectl ? ['platformctl', 'kubectl'] : ['platformctl']) {
          const first = [];
          const again = [];
          for (let i = 0; i < network.runs; i++) {
            const dir = join(work, `set-${serial}`);
            await set.make(dir, `b${serial++}`);
            const cmd = tool === 'kubectl' ? 'kubectl' : process.execPath;
            const base = tool === 'kubectl' ? [] : [cliEntry];
            const args = [...base, 'apply', '-R', '-f', dir, ...flagsFor(tool)];
            const env = tool === 'kubectl' ? network.env.kube : network.env.ours;
            const a = measure(cmd, args, env);
            const lines = a.stdout.trim().split('\n').length;
            if (lines !== 300) throw new Error(`${tool} printed ${lines} result lines, expected 300`);
            first.push(a);
            again.push(measure(cmd, args, env));
          }
          const med = (xs, k) => median(xs.map((x) => x[k]).sort((p, q) => p - q));
          result[tool] = { wall: med(first, 'wall'), cpu: med(first, 'cpu'), rss: med(first, 'rssMiB'), againWall: med(again, 'wall'), againCpu: med(again, 'cpu') };
          rows.push({ what: `${network.name}, ${set.name}, ${mode}, ${tool}`, value: `${result[tool].wall.toFixed(2)} s (CPU ${result[tool].cpu.toFixed(2)} s, ${result[tool].rss.toFixed(0)} MiB); re-apply ${result[tool].againWall.toFixed(2)} s (CPU ${result[tool].againCpu.toFixed(2)} s)` });
        }
        if (result.kubectl !== undefined) {
          const ratio = result.kubectl.wall / result.platformctl.wall;
          const again = result.kubectl.againWall / result.platformctl.againWall;
          rows.push({ what: `${network.name}, ${set.name}, ${mode}, ratio`, value: `${ratio.toFixed(1)}x faster (re-apply ${again.toFixed(1)}x; CPU ${(result.kubectl.cpu / result.platformctl.cpu).toFixed(2)}x)` });
          if (network.targets && mode === 'server-side') worstSsa = Math.min(worstSsa, ratio);
          if (network.targets && mode === 'client-side') worstCsa = Math.min(worstCsa, ratio);
        }
      }
    }
  }
} finally {
  for (const p of proxies) p.child.kill('SIGTERM');
  slow.child.kill('SIGTERM');
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  rmSync(work, { recursive: true, force: true });
}
if (kubectl) {
  rows.push({ what: `targets (+${LATENCY_MS} ms)`, value: `server-side ${worstSsa.toFixed(1)}x (>= 4x), client-side ${worstCsa.toFixed(1)}x (>= 8x)` });
} else {
  notes.push('kubectl is not on PATH: no ratios');
}
report('apply', rows, notes);
process.exitCode = !kubectl || (worstSsa >= 4 && worstCsa >= 8) ? 0 : 1;
