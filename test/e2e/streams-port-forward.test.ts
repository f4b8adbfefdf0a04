/**
 * `port-forward` against the local server's process node: 100 parallel HTTP requests, each on its
 * own connection, reach a pod's server through one forward; a connection that fails (a port with
 * nothing listening, a connection the pod resets) is reported and the forward goes on.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { openStreamsEnv, nodeContainer, podOf, SKIP_NODE, type StreamsEnv } from './streams-support.js';

const NS = 'streams-pf';

/** A port that was free a moment ago (the CLI's output is read only when it ends). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = a !== null && typeof a === 'object' ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const SERVER = [
  "const http = require('http');",
  "http.createServer((req, res) => {",
  "  if (req.url === '/reset') { req.socket.destroy(); return; }",
  "  res.end('pod ' + process.env.POD_NAME + ' ' + req.url);",
  "}).listen(8080, process.env.POD_IP);",
].join(' ');

describe('port-forward', { skip: SKIP_NODE }, () => {
  let s: StreamsEnv;
  before(async () => {
    s = await openStreamsEnv(NS);
    await s.runPod(podOf('web', {
      containers: [nodeContainer('main', SERVER, {
        ports: [{ name: 'http', containerPort: 8080 }],
        env: [{ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }, { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
        readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 1 },
      })],
    }, { app: 'web' }), true);
    await s.api.post(`/api/v1/namespaces/${NS}/services`, { metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] } });
  });
  after(async () => {
    await s?.close();
  });

  test('100 parallel requests through one forward; failing connections are reported and the forward goes on', async () => {
    const [port, dead] = [await freePort(), await freePort()];
    const ctrlC = new AbortController();
    const forwarding = s.cli(['port-forward', 'pod/web', `${port}:8080`, `${dead}:8089`, '--address=127.0.0.1'], { signal: ctrlC.signal });
    try {
      // Wait for the listener.
      for (let i = 0; ; i++) {
        const ok = await get(port, '/ping').then(() => true, () => false);
        if (ok) break;
        if (i > 200) throw new Error('the forward never listened');
        await new Promise((r) => setTimeout(r, 50));
      }
      const results = await Promise.all(Array.from({ length: 100 }, (_, i) => get(port, `/r${i}`)));
      for (const [i, r] of results.entries()) assert.deepEqual(r, { status: 200, body: `pod web /r${i}` });
      // Nothing listens on the pod's 8089: that connection fails; the pod resets another.
      await assert.rejects(get(dead, '/'));
      await assert.rejects(get(port, '/reset'));
      const after = await Promise.all(Array.from({ length: 10 }, (_, i) => get(port, `/after${i}`)));
      assert.ok(after.every((r) => r.status === 200), 'the forward survived the failing connections');
    } finally {
      ctrlC.abort();
    }
    const r = await forwarding;
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n');
    assert.equal(lines[0], `Forwarding from 127.0.0.1:${port} -> 8080`);
    assert.equal(lines[1], `Forwarding from 127.0.0.1:${dead} -> 8089`);
    assert.ok(lines.filter((l) => l === `Handling connection for ${port}`).length >= 112);
    assert.match(r.stderr, new RegExp(`error: an error occurred forwarding ${dead} -> 8089: error forwarding port 8089 to pod web, uid \\S+: failed to connect to \\S+:8089 inside namespace of the pod: .*ECONNREFUSED`));
  });

  test('svc/NAME forwards to the target port of a ready pod; :REMOTE picks a local port', async () => {
    const port = await freePort();
    const ctrlC = new AbortController();
    const forwarding = s.cli(['port-forward', 'svc/web', `${port}:80`], { signal: ctrlC.signal });
    try {
      let r: { status: number; body: string } | undefined;
      for (let i = 0; r === undefined; i++) {
        r = await get(port, '/via-service').catch(() => undefined);
        if (i > 200) throw new Error('the forward never listened');
        if (r === undefined) await new Promise((res) => setTimeout(res, 50));
      }
      assert.deepEqual(r, { status: 200, body: 'pod web /via-service' });
    } finally {
      ctrlC.abort();
    }
    const out = await forwarding;
    assert.equal(out.code, 0, out.stderr);
    assert.match(out.stdout, new RegExp(`^Forwarding from 127\\.0\\.0\\.1:${port} -> 8080\\n(?:Forwarding from \\[::1\\]:${port} -> 8080\\n)?`), 'localhost is 127.0.0.1 and ::1 where there is one');
    const pick = new AbortController();
    const picked = s.cli(['port-forward', 'web', ':8080'], { signal: pick.signal });
    await new Promise((res) => setTimeout(res, 1500));
    pick.abort();
    assert.match((await picked).stdout, /^Forwarding from 127\.0\.0\.1:(\d+) -> 8080\n(?:Forwarding from \[::1\]:\1 -> 8080\n)?$/);
  });

  test('a pod that is not running and a port that is not a number', async () => {
    const bad = await s.cli(['port-forward', 'web', 'abc']);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /^error: /);
    const none = await s.cli(['port-forward', 'nope', '8080']);
    assert.equal(none.stderr, 'Error from server (NotFound): pods "nope" not found\n');
  });
});
