#!/usr/bin/env node
// `get` benchmark: `get configmaps -A` with 2,000 and 10,000 config maps, as a table
// and with -o json: wall time, CPU and peak RSS of the client process (/usr/bin/time), against
// kubectl through the rename proxy when kubectl is on PATH. The table output is printed chunk by
// chunk (--chunk-size 500), so its peak memory must not grow with the list length beyond one
// chunk: the report compares the 10,000 run with the 2,000 run (check: growth <= 25 MiB).
// The local server runs in a child process (in memory), so its work is not counted.
// `-o go-template` (a range over the items) is measured the same way.
// Usage: node bench/get.mjs [--runs N] [--counts 2000,10000] [--outputs table,json,go-template]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, bin, hasKubectl, kubeconfigText, measure, median, report, startRenameProxy, startServerProcess } from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('--runs', '3'));
const COUNTS = arg('--counts', '2000,10000').split(',').map(Number);
const OUTPUTS = arg('--outputs', 'table,json,go-template').split(',');
const OUTPUT_ARGS = {
  table: [],
  json: ['-o', 'json'],
  'go-template': ['-o', 'go-template={{range .items}}{{.metadata.namespace}}/{{.metadata.name}} {{.data.index}} {{with .data.payload}}{{len .}}{{end}}{{"\\n"}}{{end}}'],
};
const NAMESPACES = 20;

const work = mkdtempSync(join(tmpdir(), 'platformctl-bench-get-'));
const server = await startServerProcess();
const { url, caPem, token } = server.info;
const base = new URL(url);
const agent = new Agent({ ca: caPem, keepAlive: true, maxSockets: 32 });

/**
 * POST with retries: on a loaded machine the server may close a kept-alive connection just as the
 * next request goes out on it (ECONNRESET, EPIPE); a retried create that had gone through answers
 * 409, which counts as done.
 */
async function post(path, body) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await postOnce(path, body);
    } catch (err) {
      if (attempt >= 5 || !['ECONNRESET', 'EPIPE'].includes(err?.code)) throw err;
    }
  }
}

function postOnce(path, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request({ host: base.hostname, port: base.port, path, method: 'POST', agent, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 201 || res.statusCode === 409 ? resolve() : reject(new Error(`POST ${path}: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

let created = 0;
async function populate(total) {
  for (let n = 0; n < NAMESPACES; n++) await post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: `bench-${n}` } });
  const todo = [];
  for (let i = created; i < total; i++) todo.push(i);
  let next = 0;
  await Promise.all(Array.from({ length: 32 }, async () => {
    while (next < todo.length) {
      const i = todo[next++];
      const ns = `bench-${i % NAMESPACES}`;
      await post(`/api/v1/namespaces/${ns}/configmaps`, {
        apiVersion: 'v1', kind: 'ConfigMap',
        metadata: { name: `cm-${String(i).padStart(5, '0')}`, labels: { app: 'bench', shard: String(i % 7) } },
        data: { index: String(i), greeting: `hello-${i}`, payload: 'x'.repeat(200) },
      });
    }
  }));
  created = total;
}

const kubeconfig = (serverUrl, tls) => kubeconfigText(serverUrl, tls, token);
writeFileSync(join(work, 'ours'), kubeconfig(url, `    certificate-authority-data: ${Buffer.from(caPem).toString('base64')}`), { mode: 0o600 });
const envs = { platformctl: benchEnv({ PLATFORMCONFIG: join(work, 'ours'), HOME: work }) };
const tools = [['platformctl', process.execPath, [bin]]];
let proxy;
if (hasKubectl()) {
  proxy = await startRenameProxy(url, join(work, 'proxy-certs'));
  const port = proxy.port;
  writeFileSync(join(work, 'kube'), kubeconfig(`https://127.0.0.1:${port}`, '    insecure-skip-tls-verify: true'), { mode: 0o600 });
  envs.kubectl = benchEnv({ KUBECONFIG: join(work, 'kube'), HOME: work });
  tools.push(['kubectl', 'kubectl', []]);
}

const rows = [];
const results = {};
try {
  for (const count of COUNTS) {
    await populate(count);
    for (const output of OUTPUTS) {
      for (const [tool, cmd, prefix] of tools) {
        const args = [...prefix, 'get', 'configmaps', '-A', ...OUTPUT_ARGS[output]];
        measure(cmd, args, envs[tool], { discardStdout: true }); // warm the discovery cache
        const runs = Array.from({ length: RUNS }, () => measure(cmd, args, envs[tool], { discardStdout: true }));
        const pick = (k) => median(runs.map((r) => r[k]).sort((a, b) => a - b));
        const r = { wall: pick('wall'), cpu: pick('cpu'), rssMiB: pick('rssMiB') };
        results[`${tool} ${output} ${count}`] = r;
        rows.push({ what: `${tool} get cm -A ${output === 'table' ? '(table)' : `-o ${output}`} x${count}`, value: `${r.wall.toFixed(2)} s wall, ${r.cpu.toFixed(2)} s CPU, ${r.rssMiB.toFixed(0)} MiB peak` });
      }
    }
  }
  const [small, large] = [COUNTS[0], COUNTS[COUNTS.length - 1]];
  const growth = OUTPUTS.includes('table') && small !== large ? results[`platformctl table ${large}`].rssMiB - results[`platformctl table ${small}`].rssMiB : 0;
  if (OUTPUTS.includes('table') && small !== large) rows.push({ what: `table peak RSS growth ${small} -> ${large}`, value: `${growth.toFixed(1)} MiB (check: <= 25 MiB: ${growth <= 25 ? 'ok' : 'FAILED'})` });
  if (envs.kubectl !== undefined) {
    for (const output of OUTPUTS) {
      const o = results[`platformctl ${output} ${large}`];
      const k = results[`kubectl ${output} ${large}`];
      rows.push({ what: `ratio to kubectl (${output}, x${large})`, value: `wall ${(o.wall / k.wall).toFixed(2)}x, CPU ${(o.cpu / k.cpu).toFixed(2)}x, RSS ${(o.rssMiB / k.rssMiB).toFixed(2)}x` });
    }
  }
  report('get', rows, [`median of ${RUNS} runs after one warm-up; server in a child process (in memory); kubectl through the rename proxy`]);
  process.exitCode = growth <= 25 ? 0 : 1;
} finally {
  agent.destroy();
  proxy?.child.kill();
  server.child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
