#!/usr/bin/env node
// Apply benchmark: `apply -f DIR` of 300 objects, server-side and client-side, against
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
// Usage: node bench/apply.mjs [--runs N] [--latency MS]   (PLATFORMCTL_BENCH_BIN=path/to/start.cjs to measure another build)
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, bin, hasKubectl, kubeconfigText, measure, median, report, root, startJsonProcess, startRenameProxy, startServerProcess } from './lib.mjs';

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

function configMaps(dir, prefix) {
  mkdirSync(dir, { recursive: true });
  const docs = [`apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${prefix}\n`];
  for (let i = 0; i < 299; i++) docs.push(`apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-${i}\n  namespace: ${prefix}\ndata:\n  index: "${i}"\n  greeting: hello-${i}\n`);
  writeFileSync(join(dir, 'configmaps.yaml'), docs.join('---\n'));
}

const work = mkdtempSync(join(tmpdir(), 'platformctl-bench-apply-'));
const server = await startServerProcess(join(work, 'data'));
const { url, caPem, token } = server.info;
const serverPort = Number(new URL(url).port);
const slow = await startJsonProcess(['--input-type=module', '-e', latencySource, String(serverPort), String(LATENCY_MS)]);
const kubeconfig = (serverUrl, tls) => kubeconfigText(serverUrl, tls, token);
const caData = `    certificate-authority-data: ${Buffer.from(caPem).toString('base64')}`;
const kubectl = hasKubectl();
const proxies = [];

/** Configs for both tools against one upstream (kubectl through the rename proxy). */
async function environments(name, upstreamPort) {
  const upstream = `https://127.0.0.1:${upstreamPort}`;
  writeFileSync(join(work, `ours-${name}`), kubeconfig(upstream, caData), { mode: 0o600 });
  const out = { ours: benchEnv({ PLATFORMCONFIG: join(work, `ours-${name}`), HOME: work }) };
  if (kubectl) {
    const proxy = await startRenameProxy(upstream, join(work, `proxy-certs-${name}`));
    const port = proxy.port;
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
