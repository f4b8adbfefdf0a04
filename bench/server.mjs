#!/usr/bin/env node
// Local API server benchmark: the server runs in a child process on a data directory (every
// acknowledged write fsynced), the client here over HTTPS with keep-alive.
//   - creates per second with 16 requests in flight
//   - listing 10,000 objects (JSON, paged, Table)
//   - watch fan-out: 50 watchers each receiving every event of a burst of writes
//   - memory of the server process over 100,000 writes (bounded: history cap, compaction)
//   - repeated 1 MiB updates of one object (bounded: the history keeps at most 64 MiB of values)
//   - the server's peak RSS after each step (the kernel's high-water mark of the process)
//   - with a node (a second server process): a pod printing as fast as it can (log throughput and
//     peak RSS), and a client flooding the stdin of an attached pod that never reads it (bytes
//     accepted and peak RSS); both must stay bounded (300 MiB)
// Usage: node bench/server.mjs [--writes 100000] [--big-updates 1000] [--chatty-seconds 30] [--quick]
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:https';
import { mkdtempSync, rmSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { report, root } from './lib.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const writesArg = args.indexOf('--writes');
const TOTAL_WRITES = writesArg >= 0 ? Number(args[writesArg + 1]) : quick ? 20_000 : 100_000;
const CREATES = quick ? 2000 : 10_000;
const IN_FLIGHT = 16;
const WATCHERS = 50;
const BURST = quick ? 200 : 1000;
const bigArg = args.indexOf('--big-updates');
const BIG_UPDATES = bigArg >= 0 ? Number(args[bigArg + 1]) : quick ? 300 : 1000;
const MiB = 1024 * 1024;
/**
 * The documented bounds for repeated 1 MiB updates of one object: the history holds at most 64 MiB
 * of serialized values (DEFAULT_HISTORY_MAX_BYTES), so the live heap grows by at most that plus
 * slack, and the server's peak RSS (with the garbage collector's slack) stays under 512 MiB. Before
 * the byte bound, every version stayed for 5 minutes: +1 MiB of live heap per update.
 */
const BIG_UPDATES_HEAP_BOUND = 96 * MiB;
const BIG_UPDATES_RSS_BOUND = 512 * MiB;
const chattyArg = args.indexOf('--chatty-seconds');
const CHATTY_SECONDS = chattyArg >= 0 ? Number(args[chattyArg + 1]) : quick ? 10 : 30;
const STDIN_FLOOD_SECONDS = quick ? 5 : 15;
/** What a container's output or input may cost the server, at most (peak RSS of the whole process). */
const NODE_RSS_BOUND = 300 * MiB;

const childSource = `
import { startServer } from ${JSON.stringify(join(root, 'dist/src/server/index.js'))};
const withNode = process.argv[2] === 'node';
const server = await startServer({ dataDir: process.argv[1], port: 0, compactAfterBytes: 16 * 1024 * 1024, ...(withNode ? { node: { runtime: 'process' }, workloads: true } : {}) });
process.stdout.write(JSON.stringify({ url: server.url, caPem: server.caPem, token: server.adminToken }) + '\\n');
const sample = (gcDone) => {
  const m = process.memoryUsage();
  // maxRSS: the kernel's high-water mark (KiB), which no sampling interval can miss.
  process.stdout.write(JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, peakRss: process.resourceUsage().maxRSS * 1024, gcDone }) + '\\n');
};
setInterval(() => sample(false), 250).unref();
process.on('SIGUSR2', () => { globalThis.gc(); sample(true); });
process.once('SIGTERM', () => { void server.stop().then(() => process.exit(0)); });
`;

function startChild(dataDir, mode = 'store') {
  const child = spawn(process.execPath, ['--expose-gc', '--input-type=module', '-e', childSource, dataDir, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  const mem = { rss: 0, heapUsed: 0, peakRss: 0, afterGc: [] };
  return new Promise((resolve, reject) => {
    let buf = '';
    let info;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c) => {
      buf += c;
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const msg = JSON.parse(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
        if (msg.url !== undefined) {
          info = msg;
          resolve({ child, info, mem });
        } else {
          mem.rss = msg.rss;
          mem.heapUsed = msg.heapUsed;
          mem.peakRss = Math.max(mem.peakRss, msg.peakRss);
          if (msg.gcDone) mem.afterGc.push(msg.heapUsed);
        }
      }
    });
    child.once('exit', (code) => { if (info === undefined) reject(new Error(`server exited ${code}`)); });
  });
}

function client(info) {
  const agent = new Agent({ ca: info.caPem, keepAlive: true, maxSockets: 64 });
  const base = new URL(info.url);
  const call = (method, path, body, accept) => new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const headers = { Authorization: `Bearer ${info.token}` };
    if (accept !== undefined) headers.Accept = accept;
    if (payload !== undefined) {
      headers['Content-Type'] = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
      headers['Content-Length'] = Buffer.byteLength(payload);
    }
    const req = request({ host: base.hostname, port: base.port, path, method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
  const watch = (path, onEvent) => new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path, method: 'GET', headers: { Authorization: `Bearer ${info.token}` }, agent }, (res) => {
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        buf += c;
        let nl;
        while ((nl = buf.indexOf('\n')) >= 0) {
          onEvent(buf.slice(0, nl));
          buf = buf.slice(nl + 1);
        }
      });
      resolve(() => req.destroy());
    });
    req.on('error', (e) => { if (e.code !== 'ECONNRESET') reject(e); });
    req.end();
  });
  return { call, watch, close: () => agent.destroy() };
}

async function inFlight(count, n, fn) {
  let next = 0;
  const workers = Array.from({ length: n }, async () => {
    for (;;) {
      const i = next++;
      if (i >= count) return;
      await fn(i);
    }
  });
  await Promise.all(workers);
}

function dirSize(dir) {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    total += s.isDirectory() ? dirSize(p) : s.size;
  }
  return total;
}

const mib = (b) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
const dataDir = mkdtempSync(join(root, '.bench-server-'));
const { child, info, mem } = await startChild(dataDir);
const api = client(info);
const rows = [];
/** The server's peak RSS so far, fresh from the child (it samples every 250 ms and on SIGUSR2). */
const peakRss = async () => {
  const n = mem.afterGc.length;
  child.kill('SIGUSR2');
  while (mem.afterGc.length === n) await new Promise((r) => setTimeout(r, 20));
  return mem.peakRss;
};
const peaks = [];
try {
  await api.call('POST', '/api/v1/namespaces', { metadata: { name: 'bench' } });
  const NS = '/api/v1/namespaces/bench/configmaps';

  // Warm-up (connections, JIT) outside the measurements.
  await inFlight(500, IN_FLIGHT, async (i) => {
    await api.call('POST', '/api/v1/namespaces/bench/secrets', { metadata: { name: `warm-${i}` } });
  });

  // 1. Creates per second, 16 in flight, each acknowledged write fsynced.
  let t = performance.now();
  await inFlight(CREATES, IN_FLIGHT, async (i) => {
    const r = await api.call('POST', NS, { metadata: { name: `cm-${String(i).padStart(6, '0')}`, labels: { app: 'bench' } }, data: { i: String(i), payload: 'x'.repeat(200) } });
    if (r.status !== 201) throw new Error(`create failed: ${r.status} ${r.bytes}`);
  });
  let ms = performance.now() - t;
  rows.push({ what: `creates/s (${CREATES}, ${IN_FLIGHT} in flight, fsync)`, value: `${Math.round(CREATES / (ms / 1000))}/s` });
  peaks.push(`creates ${mib(await peakRss())}`);

  // 2. Lists of 10,000 objects.
  t = performance.now();
  const list = await api.call('GET', NS);
  ms = performance.now() - t;
  rows.push({ what: `list ${CREATES} objects (JSON, one response)`, value: `${Math.round(ms)} ms, ${mib(list.bytes.length)}` });
  t = performance.now();
  let token = '';
  let pages = 0;
  do {
    const r = await api.call('GET', `${NS}?limit=500${token === '' ? '' : `&continue=${encodeURIComponent(token)}`}`);
    token = JSON.parse(r.bytes.toString('utf8')).metadata.continue ?? '';
    pages++;
  } while (token !== '');
  ms = performance.now() - t;
  rows.push({ what: `list ${CREATES} objects (limit=500, ${pages} chunks)`, value: `${Math.round(ms)} ms` });
  t = performance.now();
  const table = await api.call('GET', NS, undefined, 'application/json;as=Table;g=meta.platform.io;v=v1');
  ms = performance.now() - t;
  rows.push({ what: `list ${CREATES} objects as a Table`, value: `${Math.round(ms)} ms, ${mib(table.bytes.length)}` });

  // 3. Watch fan-out: 50 watchers, a burst of writes, every watcher gets every event.
  const rv = JSON.parse((await api.call('GET', `${NS}?limit=1`)).bytes.toString('utf8')).metadata.resourceVersion;
  const counts = new Array(WATCHERS).fill(0);
  let done;
  const allDone = new Promise((r) => { done = r; });
  const closers = [];
  for (let w = 0; w < WATCHERS; w++) {
    closers.push(await api.watch(`${NS}?watch=1&resourceVersion=${rv}&labelSelector=burst`, () => {
      counts[w]++;
      if (counts.every((c) => c >= BURST)) done();
    }));
  }
  t = performance.now();
  await inFlight(BURST, IN_FLIGHT, async (i) => {
    await api.call('POST', NS, { metadata: { name: `burst-${i}`, labels: { burst: 'y' } }, data: { i: String(i) } });
  });
  const writeMs = performance.now() - t;
  await allDone;
  ms = performance.now() - t;
  for (const c of closers) c();
  rows.push({ what: `watch fan-out: ${WATCHERS} watchers x ${BURST} events`, value: `writes done in ${Math.round(writeMs)} ms, all delivered in ${Math.round(ms)} ms (${Math.round((WATCHERS * BURST) / (ms / 1000))} events/s)` });
  peaks.push(`lists and watches ${mib(await peakRss())}`);

  // 4. Memory over many writes (updates of a fixed set of objects: state does not grow).
  const liveHeap = async () => {
    const n = mem.afterGc.length;
    child.kill('SIGUSR2');
    while (mem.afterGc.length === n) await new Promise((r) => setTimeout(r, 20));
    return mem.afterGc[mem.afterGc.length - 1];
  };
  const liveBefore = await liveHeap();
  const rssStart = mem.rss;
  const samples = [];
  const UPDATE_SET = 1000;
  t = performance.now();
  await inFlight(TOTAL_WRITES, IN_FLIGHT, async (i) => {
    const r = await api.call('PATCH', `${NS}/cm-${String(i % UPDATE_SET).padStart(6, '0')}`, { data: { i: String(i) } });
    if (r.status !== 200) throw new Error(`patch failed: ${r.status}`);
    if ((i + 1) % Math.round(TOTAL_WRITES / 10) === 0) samples.push(`${i + 1}: ${mib(mem.rss)} (heap ${mib(mem.heapUsed)})`);
  });
  ms = performance.now() - t;
  rows.push({ what: `${TOTAL_WRITES} updates (16 in flight)`, value: `${Math.round(TOTAL_WRITES / (ms / 1000))}/s` });
  rows.push({ what: 'server RSS before / after the updates', value: `${mib(rssStart)} / ${mib(mem.rss)} (heap ${mib(mem.heapUsed)})` });
  rows.push({ what: 'live heap (after a full GC) before / after the updates', value: `${mib(liveBefore)} / ${mib(await liveHeap())}` });
  rows.push({ what: 'data directory after the updates', value: mib(dirSize(dataDir)) });
  peaks.push(`updates ${mib(await peakRss())}`);

  // 5. Repeated 1 MiB updates of one object: every version is a new 1 MiB value, and the history
  //    keeps only the last 64 MiB of them (older ones expire: a watch from there gets 410).
  const bigPath = '/api/v1/namespaces/bench/configmaps/big';
  const bigBody = (i) => `{"metadata":{"name":"big"},"data":{"payload":"${String.fromCharCode(97 + (i % 26)).repeat(MiB)}"}}`;
  const created = await api.call('POST', NS, bigBody(0));
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${created.bytes}`);
  const bigLiveBefore = await liveHeap();
  const bigSamples = [];
  t = performance.now();
  for (let i = 1; i <= BIG_UPDATES; i++) {
    const r = await api.call('PUT', bigPath, bigBody(i));
    if (r.status !== 200) throw new Error(`1 MiB update failed: ${r.status} ${r.bytes.subarray(0, 200)}`);
    if (i % Math.round(BIG_UPDATES / 5) === 0) bigSamples.push(`${i}: ${mib(mem.rss)}`);
  }
  ms = performance.now() - t;
  const bigPeak = await peakRss();
  const bigLiveAfter = await liveHeap();
  const within = (value, bound) => `${value <= bound ? 'within' : 'EXCEEDED'} the bound of ${mib(bound)}`;
  peaks.push(`1 MiB updates ${mib(bigPeak)}`);
  rows.push({ what: `${BIG_UPDATES} updates of one 1 MiB object (sequential)`, value: `${Math.round(BIG_UPDATES / (ms / 1000))}/s, ${(BIG_UPDATES / (ms / 1000)).toFixed(1)} MiB/s` });
  rows.push({ what: 'live heap (after a full GC) before / after the 1 MiB updates', value: `${mib(bigLiveBefore)} / ${mib(bigLiveAfter)}: +${mib(bigLiveAfter - bigLiveBefore)}, ${within(bigLiveAfter - bigLiveBefore, BIG_UPDATES_HEAP_BOUND)}` });
  rows.push({ what: 'server peak RSS after the 1 MiB updates', value: `${mib(bigPeak)}, ${within(bigPeak, BIG_UPDATES_RSS_BOUND)}` });
  rows.push({ what: 'server peak RSS after each step', value: peaks.join(', ') });
  const nodeOk = await nodeSteps(rows);
  report('server', rows, [
    `RSS by writes: ${samples.join(', ')}`,
    `RSS by 1 MiB updates: ${bigSamples.join(', ')}`,
    'Memory bounds: watch history <= 64 MiB of serialized values and <= 25,000 events (older history: 410, clients relist); a watch queue <= 64 MiB or 10,000 events; one object <= 4 MiB.',
    'Server in a child process on a data directory (fsync per acknowledged write); client over HTTPS with keep-alive.',
  ]);
  if (bigPeak > BIG_UPDATES_RSS_BOUND || bigLiveAfter - bigLiveBefore > BIG_UPDATES_HEAP_BOUND || !nodeOk) process.exitCode = 1;
} finally {
  api.close();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * 6 and 7, on a server of their own with a node (so that its peak RSS is theirs alone): a pod that
 * prints numbered 200-byte lines as fast as its pipe takes them, and a client that floods the
 * stdin of an attached pod that never reads. Returns false when a bound is exceeded.
 */
async function nodeSteps(out) {
  const dir = mkdtempSync(join(root, '.bench-node-'));
  const node = await startChild(dir, 'node');
  const nodeApi = client(node.info);
  const serverPeak = async () => {
    const n = node.mem.afterGc.length;
    node.child.kill('SIGUSR2');
    while (node.mem.afterGc.length === n) await new Promise((r) => setTimeout(r, 20));
    return node.mem.peakRss;
  };
  const pods = '/api/v1/namespaces/default/pods';
  const runningPod = async (name, container) => {
    const r = await nodeApi.call('POST', pods, { metadata: { name }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'main', image: 'node', ...container }] } });
    if (r.status !== 201) throw new Error(`pod ${name}: ${r.status} ${r.bytes}`);
    for (;;) {
      const p = JSON.parse((await nodeApi.call('GET', `${pods}/${name}`)).bytes.toString('utf8'));
      if (p.status?.phase === 'Running') return;
      await new Promise((res) => setTimeout(res, 100));
    }
  };
  let ok = true;
  try {
    // 6. The chatty pod.
    const program = "let i=0;const pad='x'.repeat(190);const w=()=>{while(process.stdout.write(String(i++).padStart(9,'0')+' '+pad+'\\n'));process.stdout.once('drain',w)};w()";
    await runningPod('chatty', { command: [process.execPath, '-e', program] });
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, CHATTY_SECONDS * 1000));
    const last = (await nodeApi.call('GET', `${pods}/chatty/log?tailLines=1`)).bytes.toString('utf8');
    const secs = (performance.now() - t0) / 1000;
    const lines = Number(last.slice(0, 9)) + 1;
    const chattyPeak = await serverPeak();
    ok &&= chattyPeak <= NODE_RSS_BOUND;
    out.push({ what: `a pod printing 200-byte lines without pause (${CHATTY_SECONDS} s)`, value: `${Math.round(lines / secs)} lines/s logged (${mib((lines * 200) / secs)}/s); server peak RSS ${mib(chattyPeak)}, ${chattyPeak <= NODE_RSS_BOUND ? 'within' : 'EXCEEDED'} ${mib(NODE_RSS_BOUND)}` });
    await nodeApi.call('DELETE', `${pods}/chatty`);

    // 7. The stdin flood.
    await runningPod('deaf', { command: ['sleep', '3600'], stdin: true });
    const base = new URL(node.info.url);
    const ws = new WebSocket(`wss://${base.host}${pods}/deaf/attach?stdin=true&stdout=true&container=main`, ['v5.channel.platform.io'], { ca: node.info.caPem, headers: { Authorization: `Bearer ${node.info.token}` } });
    await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
    const chunk = Buffer.alloc(64 * 1024 + 1, 0x61);
    chunk[0] = 0;
    let sent = 0;
    const end = Date.now() + STDIN_FLOOD_SECONDS * 1000;
    while (Date.now() < end) {
      if (ws.bufferedAmount > 4 * MiB) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      ws.send(chunk);
      sent += chunk.length - 1;
      await new Promise((r) => setImmediate(r));
    }
    const accepted = sent - ws.bufferedAmount;
    ws.terminate();
    const floodPeak = await serverPeak();
    ok &&= floodPeak <= NODE_RSS_BOUND;
    out.push({ what: `stdin flood of an attached pod that never reads (${STDIN_FLOOD_SECONDS} s)`, value: `${mib(accepted)} accepted; server peak RSS ${mib(floodPeak)}, ${floodPeak <= NODE_RSS_BOUND ? 'within' : 'EXCEEDED'} ${mib(NODE_RSS_BOUND)}` });
  } finally {
    nodeApi.close();
    node.child.kill('SIGTERM');
    await new Promise((r) => node.child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
  return ok;
}
