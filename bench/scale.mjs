#!/usr/bin/env node
// Workloads at scale: a Deployment of `sleep` processes scaled with `platformctl scale
// --replicas=N` (default 200) from 1; measures the time from the command to all N pods Running
// (pods per second), the server's CPU during the ramp and once they all run, and its RSS; then the
// time to scale back to 1 with every other process gone. The server runs in a child process in
// memory, with the workload controllers and the process runtime (--max-pods raised to fit N).
// Usage: node bench/scale.mjs [--replicas 200]
import { request, Agent } from 'node:https';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, bin, report, root, startProcess } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? dflt : Number(args[i + 1]);
};
const REPLICAS = opt('replicas', 200);

const source = `
import { startServer } from ${JSON.stringify(join(root, 'dist/src/server/index.js'))};
const server = await startServer({ port: 0, workloads: true, node: { runtime: 'process', maxPods: ${REPLICAS + 20} } });
process.stdout.write(JSON.stringify({ url: server.url, caPem: server.caPem, token: server.adminToken }) + '\\n');
process.once('SIGTERM', () => { void server.stop().then(() => process.exit(0)); });
`;
const { child, info } = await startProcess(['--input-type=module', '-e', source], (buf) => {
  const line = buf.split('\n').find((l) => l.startsWith('{'));
  return line === undefined ? undefined : JSON.parse(line);
});
const agent = new Agent({ ca: info.caPem, keepAlive: true, maxSockets: 4 });
const home = mkdtempSync(join(tmpdir(), 'bench-scale-'));
const config = join(home, 'config');
writeFileSync(config, [
  'apiVersion: v1', 'kind: Config',
  'clusters:', '- name: local', '  cluster:', `    server: ${info.url}`, `    certificate-authority-data: ${Buffer.from(info.caPem).toString('base64')}`,
  'users:', '- name: local', '  user:', `    token: ${info.token}`,
  'contexts:', '- name: local', '  context:', '    cluster: local', '    user: local', 'current-context: local', '',
].join('\n'), { mode: 0o600 });

function call(method, path, body) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request(`${info.url}${path}`, { method, agent, headers: { Authorization: `Bearer ${info.token}`, 'Content-Type': 'application/json' } }, (res) => {
      let t = '';
      res.on('data', (c) => (t += c));
      res.on('end', () => resolve({ status: res.statusCode, body: t === '' ? undefined : JSON.parse(t) }));
    });
    req.on('error', reject);
    if (data !== undefined) req.write(data);
    req.end();
  });
}

function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}
function rssMiB(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
}

async function pods() {
  return (await call('GET', '/api/v1/namespaces/default/pods?labelSelector=app%3Dscale')).body.items;
}

async function until(what, check, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const platformctl = (...a) => {
  const r = spawnSync(process.execPath, [bin, '--kubeconfig', config, ...a], { env: benchEnv(), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`platformctl ${a.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

try {
  await until('the node', async () => {
    const n = await call('GET', '/api/v1/nodes/local');
    return n.status === 200 && (n.body.spec.taints ?? []).length === 0;
  });
  const created = await call('POST', '/apis/apps/v1/namespaces/default/deployments', {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'scale' },
    spec: {
      replicas: 1, selector: { matchLabels: { app: 'scale' } },
      template: { metadata: { labels: { app: 'scale' } }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'main', image: 'busybox', command: ['sleep', '3600'] }] } },
    },
  });
  if (created.status !== 201) throw new Error(`create: ${JSON.stringify(created.body)}`);
  await until('one pod running', async () => (await pods()).filter((p) => p.status?.phase === 'Running').length === 1);

  const cpu0 = cpuSeconds(child.pid);
  const start = performance.now();
  platformctl('scale', 'deployment/scale', `--replicas=${REPLICAS}`);
  let peakRss = 0;
  await until(`${REPLICAS} pods running`, async () => {
    peakRss = Math.max(peakRss, rssMiB(child.pid));
    return (await pods()).filter((p) => p.status?.phase === 'Running').length === REPLICAS;
  });
  const rampS = (performance.now() - start) / 1000;
  const rampCpu = (cpuSeconds(child.pid) - cpu0) / rampS * 100;
  const status = platformctl('rollout', 'status', 'deployment/scale', '--timeout=60s');
  if (!status.includes('successfully rolled out')) throw new Error(status);

  await new Promise((r) => setTimeout(r, 3000));
  const steady0 = cpuSeconds(child.pid);
  const w0 = performance.now();
  await new Promise((r) => setTimeout(r, 10_000));
  const steadyCpu = (cpuSeconds(child.pid) - steady0) / ((performance.now() - w0) / 1000) * 100;
  const steadyRss = rssMiB(child.pid);

  const down = performance.now();
  platformctl('scale', 'deployment/scale', '--replicas=1');
  await until('one pod left', async () => (await pods()).length === 1);
  const downS = (performance.now() - down) / 1000;

  report('scale', [
    { what: `scale --replicas=${REPLICAS} (from 1) -> all Running`, value: `${rampS.toFixed(1)} s` },
    { what: 'pods per second', value: `${((REPLICAS - 1) / rampS).toFixed(1)}` },
    { what: 'server CPU during the ramp (of one core)', value: `${rampCpu.toFixed(0)} %` },
    { what: 'server RSS, peak during the ramp', value: `${peakRss.toFixed(0)} MiB` },
    { what: `server CPU with ${REPLICAS} pods running (10 s)`, value: `${steadyCpu.toFixed(1)} %` },
    { what: `server RSS with ${REPLICAS} pods running`, value: `${steadyRss.toFixed(0)} MiB` },
    { what: `scale --replicas=1 -> ${REPLICAS - 1} pods gone`, value: `${downS.toFixed(1)} s` },
  ], ['pods are `sleep 3600` processes (grace period 1 s); the server runs in memory in a child process; CPU is user+system time from /proc']);
} finally {
  child.kill('SIGTERM');
  agent.destroy();
  rmSync(home, { recursive: true, force: true });
}
