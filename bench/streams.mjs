#!/usr/bin/env node
// Streams: `logs` throughput of a pod that wrote 100 MB, and port-forward throughput (100 MB
// downloaded through a forward), ours against stock kubectl through the rename proxy, on the same
// local server (process node, in memory; container logs rotate at 128 MiB here so that the whole
// 100 MB is one log, where the default 10 MiB x 5 files would keep the last 50 MiB); and the time
// of 100 requests at once through a forward, each on its own connection (connection set-up: both
// open one SPDY stream pair per connection on the forward's one tunnel WebSocket).
// Usage: node bench/streams.mjs [--mb 100] [--runs 3] [--connections 100] [--run-limit SECONDS]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { request as httpsRequest, Agent } from 'node:https';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, bin, hasKubectl, kubeconfigText, median, report, root, startProcess, startRenameProxy } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? dflt : Number(args[i + 1]);
};
const MB = opt('mb', 100);
const RUNS = opt('runs', 3);
const BYTES = MB * 1000 * 1000;
/** Requests made at once through a forward (each on its own connection, so its own pair of streams). */
const CONNECTIONS = opt('connections', 100);
/** Longest a single measured run may take. */
const RUN_LIMIT_MS = opt('run-limit', 300) * 1000;

const source = `
import { startServer } from ${JSON.stringify(join(root, 'dist/src/server/index.js'))};
const server = await startServer({ port: 0, node: { runtime: 'process', containerLogMaxBytes: 128 * 1024 * 1024 } });
process.stdout.write(JSON.stringify({ url: server.url, caPem: server.caPem, token: server.adminToken }) + '\\n');
process.once('SIGTERM', () => { void server.stop().then(() => process.exit(0)); });
`;
const { child: server, info } = await startProcess(['--input-type=module', '-e', source], (buf) => {
  const line = buf.split('\n').find((l) => l.startsWith('{'));
  return line === undefined ? undefined : JSON.parse(line);
});
const agent = new Agent({ ca: info.caPem, keepAlive: true });
const dir = mkdtempSync(join(tmpdir(), 'bench-streams-'));

function call(method, path, body) {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(`${info.url}${path}`, { method, agent, headers: { Authorization: `Bearer ${info.token}`, 'Content-Type': 'application/json' } }, (res) => {
      let t = '';
      res.on('data', (c) => (t += c));
      res.on('end', () => resolve({ status: res.statusCode, text: t }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(JSON.stringify(body));
    req.end();
  });
}

async function until(what, check, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const podIpEnv = [{ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }];
// 100 MB of 1000-byte lines of words (as logs are), then a last line, then idle. Not one 999-letter
// word: the rename proxy rewrites every line with a regular expression that is quadratic in the
// length of a run of letters and digits, which made kubectl's side take ~75 ms per 64 KB (minutes
// per run at 100 MB) measuring the proxy alone.
const words = 'level=info msg=request-served method=GET path=/api/items status=200 bytes=1234 user=alice ';
const logLine = `${words.repeat(Math.ceil(999 / words.length)).slice(0, 999)}\n`;
const writer = `const line = ${JSON.stringify(logLine)}; let n = ${BYTES / 1000}; const more = () => { while (n > 0) { n--; if (!process.stdout.write(line)) { process.stdout.once('drain', more); return; } } process.stdout.write('done\\n'); setInterval(() => {}, 1000); }; more();`;
const big = `const chunk = Buffer.alloc(64 * 1024, 120); require('http').createServer((req, res) => { if (req.url === '/small') { res.end('hi'); return; } let left = ${BYTES}; const more = () => { while (left > 0) { const c = left >= chunk.length ? chunk : chunk.subarray(0, left); left -= c.length; if (!res.write(c)) { res.once('drain', more); return; } } res.end(); }; more(); }).listen(8080, process.env.POD_IP);`;

const kubeDir = join(dir, 'kube');
const ourConfig = join(dir, 'our-config');
writeFileSync(ourConfig, kubeconfigText(info.url, `    certificate-authority-data: ${Buffer.from(info.caPem).toString('base64')}`, info.token));
const ourEnv = benchEnv({ PLATFORMCONFIG: ourConfig, HOME: dir });

let proxy;
let shim;
let kubeEnv;
try {
  await call('POST', '/api/v1/namespaces/default/pods', { metadata: { name: 'writer' }, spec: { containers: [{ name: 'main', image: 'node', command: [process.execPath, '-e', writer] }] } });
  await call('POST', '/api/v1/namespaces/default/pods', { metadata: { name: 'big' }, spec: { containers: [{ name: 'main', image: 'node', command: [process.execPath, '-e', big], env: podIpEnv, readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 1 } }] } });
  await until('the writer to finish', async () => (await call('GET', '/api/v1/namespaces/default/pods/writer/log?tailLines=1')).text === 'done\n');
  await until('the big pod to be ready', async () => /"type":"Ready","status":"True"/.test((await call('GET', '/api/v1/namespaces/default/pods/big')).text));

  const withKubectl = hasKubectl();
  if (withKubectl) {
    const { startStreamProtocolShim, proxyMapsStreamProtocols } = await import(join(root, 'dist/test/support/stream-protocol-shim.js'));
    shim = (await proxyMapsStreamProtocols()) ? undefined : await startStreamProtocolShim(info.url);
    proxy = await startRenameProxy(shim?.url ?? info.url, join(dir, 'certs'));
    writeFileSync(join(dir, 'kubeconfig'), kubeconfigText(`https://127.0.0.1:${proxy.port}`, `    certificate-authority: ${join(dir, 'certs', 'proxy.crt')}`, info.token));
    kubeEnv = benchEnv({ KUBECONFIG: join(dir, 'kubeconfig'), HOME: kubeDir });
  }

  const rows = [];
  const logBytes = BYTES + 5;
  // Asynchronous: the stream-protocol shim runs in this process and must keep answering.
  const timed = (cmd, cmdArgs, env) => new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(cmd, cmdArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let err = '';
    child.stdout.on('data', (c) => (bytes += c.length));
    child.stderr.setEncoding('utf8').on('data', (c) => (err += c));
    // A run that cannot finish is reported, not waited on for ever.
    const limit = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      if (code === 0) resolve({ wall: (performance.now() - start) / 1000, bytes });
      else reject(new Error(`${cmd} ${cmdArgs.join(' ')}: ${signal === 'SIGKILL' ? `killed after ${RUN_LIMIT_MS / 1000} s` : code} ${err}`));
    });
  });
  const logsRun = async (cmd, cmdArgs, env) => {
    const walls = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await timed(cmd, cmdArgs, env);
      if (r.bytes !== logBytes) throw new Error(`${cmd} read ${r.bytes} bytes, expected ${logBytes}`);
      walls.push(r.wall);
    }
    return median(walls.sort((a, b) => a - b));
  };
  const oursLogs = await logsRun(process.execPath, [bin, 'logs', 'writer'], ourEnv);
  rows.push({ what: `platformctl logs (${MB} MB)`, value: `${oursLogs.toFixed(2)} s, ${(logBytes / 1e6 / oursLogs).toFixed(0)} MB/s` });
  if (withKubectl) {
    const k = await logsRun('kubectl', ['logs', 'writer'], kubeEnv);
    rows.push({ what: `kubectl logs via the proxy (${MB} MB)`, value: `${k.toFixed(2)} s, ${(logBytes / 1e6 / k).toFixed(0)} MB/s` });
  }

  const forwardRun = async (cmd, cmdArgs, env) => {
    const child = spawn(cmd, cmdArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c) => (out += c));
    try {
      const port = await until('Forwarding from', async () => Number(/Forwarding from 127\.0\.0\.1:(\d+)/.exec(out)?.[1] ?? 0), 30_000);
      const walls = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const got = await new Promise((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
            let n = 0;
            res.on('data', (c) => (n += c.length));
            res.on('end', () => resolve(n));
            res.on('error', reject);
          });
          req.on('error', reject);
          req.setTimeout(60_000, () => req.destroy(new Error(`${cmd}: no byte for 60 s, the forward stalled`)));
          req.end();
        });
        if (got !== BYTES) throw new Error(`got ${got} bytes, expected ${BYTES}: ${out}`);
        walls.push((performance.now() - start) / 1000);
      }
      // Connection set-up: CONNECTIONS requests at once, each on its own connection.
      const rounds = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await Promise.all(Array.from({ length: CONNECTIONS }, () => new Promise((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port, path: '/small', agent: false }, (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (c) => (body += c));
            res.on('end', () => (body === 'hi' ? resolve() : reject(new Error(`${cmd}: answered ${JSON.stringify(body)}`))));
          });
          req.on('error', reject);
          req.setTimeout(60_000, () => req.destroy(new Error(`${cmd}: a connection stalled`)));
          req.end();
        })));
        rounds.push((performance.now() - start) / 1000);
      }
      return { download: median(walls.sort((a, b) => a - b)), connections: median(rounds.sort((a, b) => a - b)) };
    } finally {
      child.kill('SIGINT');
    }
  };
  const oursPf = await forwardRun(process.execPath, [bin, 'port-forward', 'pod/big', ':8080'], ourEnv);
  const kubePf = withKubectl ? await forwardRun('kubectl', ['port-forward', 'pod/big', ':8080'], kubeEnv) : undefined;
  rows.push({ what: `platformctl port-forward (${MB} MB)`, value: `${oursPf.download.toFixed(2)} s, ${(BYTES / 1e6 / oursPf.download).toFixed(0)} MB/s` });
  if (kubePf !== undefined) rows.push({ what: `kubectl port-forward via the proxy (${MB} MB)`, value: `${kubePf.download.toFixed(2)} s, ${(BYTES / 1e6 / kubePf.download).toFixed(0)} MB/s` });
  rows.push({ what: `platformctl port-forward, ${CONNECTIONS} connections at once`, value: `${oursPf.connections.toFixed(2)} s` });
  if (kubePf !== undefined) rows.push({ what: `kubectl port-forward via the proxy, ${CONNECTIONS} connections at once`, value: `${kubePf.connections.toFixed(2)} s` });
  const load = loadavg().map((l) => l.toFixed(1)).join(' ');
  report('streams', rows, [
    `load average at the end: ${load} (${cpus().length} cores)`,
    `median of ${RUNS} runs; kubectl goes through the rename proxy (and the stream-protocol shim where the proxy needs it), which adds a TLS hop`,
    withKubectl ? '' : 'kubectl is not on PATH: only our numbers',
  ].filter(Boolean));
} finally {
  // The server first: a wait below that never ends would otherwise leave it (and its pods) running
  // after this process exits on an unsettled top-level await, as happened twice.
  server.kill('SIGTERM');
  proxy?.child.kill();
  // The shim's server waits for its upgraded connections, which end with the proxy; not for ever.
  await Promise.race([shim?.close(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  rmSync(dir, { recursive: true, force: true });
}
