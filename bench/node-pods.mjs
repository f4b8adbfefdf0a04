#!/usr/bin/env node
// The node agent: latency from a bare pod's create to Running (a watch sees the phase change), then
// the server's CPU and RSS while 50 pods run (sampled from /proc for the server process only; the
// pods are `sleep` processes). Usage: node bench/node-pods.mjs [--pods 50] [--samples 10]
import { request, Agent } from 'node:https';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, report, root, startProcess } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? dflt : Number(args[i + 1]);
};
const PODS = opt('pods', 50);
const SAMPLES = opt('samples', 10);

const source = `
import { startServer } from ${JSON.stringify(join(root, 'dist/src/server/index.js'))};
const server = await startServer({ port: 0, node: { runtime: 'process' } });
process.stdout.write(JSON.stringify({ url: server.url, caPem: server.caPem, token: server.adminToken }) + '\\n');
process.once('SIGTERM', () => { void server.stop().then(() => process.exit(0)); });
`;
const { child, info } = await startProcess(['--input-type=module', '-e', source], (buf) => {
  const line = buf.split('\n').find((l) => l.startsWith('{'));
  return line === undefined ? undefined : JSON.parse(line);
});
const agent = new Agent({ ca: info.caPem, keepAlive: true, maxSockets: 16 });

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

/** Resolves when a watch on the pod reports phase Running. */
function runningWatch(name) {
  return new Promise((resolve, reject) => {
    const req = request(`${info.url}/api/v1/namespaces/default/pods?watch=1&fieldSelector=metadata.name%3D${name}`, { agent: false, ca: info.caPem, headers: { Authorization: `Bearer ${info.token}` } }, (res) => {
      let buf = '';
      res.on('data', (c) => {
        buf += c;
        for (;;) {
          const nl = buf.indexOf('\n');
          if (nl < 0) break;
          const ev = JSON.parse(buf.slice(0, nl));
          buf = buf.slice(nl + 1);
          if (ev.object?.status?.phase === 'Running') {
            resolve(performance.now());
            req.destroy();
            return;
          }
        }
      });
    });
    req.on('error', (e) => (e.code === 'ECONNRESET' ? undefined : reject(e)));
    req.end();
  });
}

const pod = (name) => ({ metadata: { name }, spec: { containers: [{ name: 'main', image: 'busybox', command: ['sleep', '3600'] }] } });

function cpuTicks(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').slice(readFileSync(`/proc/${pid}/stat`, 'utf8').lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
}
function rssMiB(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
}

try {
  // Wait for the node to take pods.
  for (;;) {
    const n = await call('GET', '/api/v1/nodes/local');
    if (n.status === 200 && (n.body.spec.taints ?? []).length === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const latencies = [];
  for (let i = 0; i < SAMPLES; i++) {
    const name = `latency-${i}`;
    const seen = runningWatch(name);
    await new Promise((r) => setTimeout(r, 50));
    const start = performance.now();
    await call('POST', '/api/v1/namespaces/default/pods', pod(name));
    latencies.push((await seen) - start);
    await call('DELETE', `/api/v1/namespaces/default/pods/${name}`);
  }
  latencies.sort((a, b) => a - b);
  const startAll = performance.now();
  await Promise.all(Array.from({ length: PODS }, (_, i) => call('POST', '/api/v1/namespaces/default/pods', pod(`load-${i}`))));
  for (;;) {
    const list = await call('GET', '/api/v1/namespaces/default/pods?labelSelector=');
    const running = list.body.items.filter((p) => p.metadata.name.startsWith('load-') && p.status.phase === 'Running').length;
    if (running === PODS) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const allRunningMs = performance.now() - startAll;
  await new Promise((r) => setTimeout(r, 5000));
  const t0 = cpuTicks(child.pid);
  const w0 = performance.now();
  await new Promise((r) => setTimeout(r, 20_000));
  const cpuPct = ((cpuTicks(child.pid) - t0) / 100) / ((performance.now() - w0) / 1000) * 100;
  report('node-pods', [
    { what: 'bare pod create -> Running (watch), median', value: `${median(latencies).toFixed(0)} ms` },
    { what: 'bare pod create -> Running, worst', value: `${latencies.at(-1).toFixed(0)} ms` },
    { what: `${PODS} pods created at once -> all Running`, value: `${allRunningMs.toFixed(0)} ms` },
    { what: `server CPU with ${PODS} pods running (20 s)`, value: `${cpuPct.toFixed(1)} %` },
    { what: `server RSS with ${PODS} pods running`, value: `${rssMiB(child.pid).toFixed(0)} MiB` },
  ], ['pods are `sleep 3600` processes; the server runs in memory with the process runtime']);
} finally {
  child.kill('SIGTERM');
  agent.destroy();
}
