import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:https';
import { connect } from 'node:tls';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at } from '../../support/api.js';

const CM = '/api/v1/namespaces/default/configmaps';
/** The body deadline of the server under test: short, so that the tests can outlast it. */
const BODY_TIMEOUT_MS = 1000;

/** What a raw exchange saw: the bytes the server sent, and when (ms after connecting) the connection ended. */
interface Exchange {
  text: string;
  closedAfterMs: number | undefined;
  status: number | undefined;
}

/**
 * Sends `head` on a fresh TLS connection, then (when `trickleMs` is given) one more byte every
 * `trickleMs`, as a slow client does; gives up after `waitMs`. Errors after the server's answer
 * (writing to a closed connection) are part of the game.
 */
function exchange(server: TestServer, head: string, opts: { trickleMs?: number; waitMs: number }): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = Date.now();
    let text = '';
    let closedAfterMs: number | undefined;
    let ticker: NodeJS.Timeout | undefined;
    const socket = connect({ host: '127.0.0.1', port: server.port, ca: server.caPem, servername: 'localhost' }, () => {
      socket.write(head);
      if (opts.trickleMs !== undefined) ticker = setInterval(() => socket.writable && socket.write('x'), opts.trickleMs);
    });
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      text += d;
    });
    socket.on('error', () => undefined);
    const finish = (): void => {
      clearInterval(ticker);
      clearTimeout(giveUp);
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ text, closedAfterMs, status: m === null ? undefined : Number(m[1]) });
    };
    socket.once('close', () => {
      closedAfterMs = Date.now() - started;
      finish();
    });
    const giveUp = setTimeout(() => {
      socket.destroy();
    }, opts.waitMs);
  });
}

function post(server: TestServer, extraHeaders: string, contentLength: number | string, token: boolean): string {
  return [
    `POST ${CM} HTTP/1.1`, 'Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${contentLength}`,
    ...(token ? [`Authorization: Bearer ${server.adminToken}`] : []), ...(extraHeaders === '' ? [] : [extraHeaders]), '', '{',
  ].join('\r\n');
}

/** The JSON body after the headers of a raw answer. */
function bodyOf(text: string): unknown {
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
}

describe('connection limits: slow and oversized requests', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer({ bodyTimeoutMs: BODY_TIMEOUT_MS });
    api = new ApiClient(server);
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('a declared length over the body limit is answered 413 at once, without reading the body, and the connection ends', async () => {
    // The client keeps sending as fast as it can: the answer must still reach it (no reset).
    const x = await exchange(server, post(server, '', 99_999_999_999, true), { trickleMs: 1, waitMs: 5000 });
    assert.equal(x.status, 413, x.text);
    assert.match(x.text, /\r\nConnection: close\r\n/i);
    assert.deepEqual([at(bodyOf(x.text), 'reason'), at(bodyOf(x.text), 'message')], ['RequestEntityTooLarge', 'Request entity too large: limit is 3145728']);
    assert.ok(x.closedAfterMs !== undefined && x.closedAfterMs < 2000, `closed after ${String(x.closedAfterMs)} ms`);
  });

  test('a body that has not arrived by the deadline is answered 504 Timeout, and the connection ends', async () => {
    const x = await exchange(server, post(server, '', 100_000, true), { trickleMs: 200, waitMs: 8000 });
    assert.equal(x.status, 504, x.text);
    assert.deepEqual(bodyOf(x.text), {
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Timeout: request did not complete within the allotted timeout',
      reason: 'Timeout', details: {}, code: 504,
    });
    assert.ok(x.closedAfterMs !== undefined && x.closedAfterMs >= BODY_TIMEOUT_MS && x.closedAfterMs < BODY_TIMEOUT_MS + 2000, `closed after ${String(x.closedAfterMs)} ms`);
    assert.equal((await api.get(`${CM}?limit=500`)).status, 200);
  });

  test('a request without credentials cannot hold a connection open with a slow body', async () => {
    const x = await exchange(server, post(server, '', 100_000, false), { trickleMs: 200, waitMs: 8000 });
    assert.equal(x.status, 401, x.text);
    assert.match(x.text, /\r\nConnection: close\r\n/i);
    assert.ok(x.closedAfterMs !== undefined && x.closedAfterMs < 1500, `closed after ${String(x.closedAfterMs)} ms`);
  });

  test('nor with a body too large to read', async () => {
    const x = await exchange(server, post(server, '', 99_999_999_999, false), { trickleMs: 1, waitMs: 5000 });
    assert.equal(x.status, 401, x.text);
    assert.ok(x.closedAfterMs !== undefined && x.closedAfterMs < 1500, `closed after ${String(x.closedAfterMs)} ms`);
  });

  test('headers that do not arrive in time end the connection', async () => {
    const x = await exchange(server, `GET ${CM} HTTP/1.1\r\nHost: 127.0.0.1\r\n`, { waitMs: 10_000 });
    // The headers deadline is checked once a second.
    assert.ok(x.closedAfterMs !== undefined && x.closedAfterMs < BODY_TIMEOUT_MS + 2500, `closed after ${String(x.closedAfterMs)} ms`);
  });

  test('a body that arrives in time is served, also a slow one', async () => {
    const body = JSON.stringify({ metadata: { name: 'steady' } });
    const x = await new Promise<number>((resolve, reject) => {
      const req = request(new URL(CM, server.url), {
        method: 'POST', ca: server.caPem, agent: false,
        headers: { Authorization: `Bearer ${server.adminToken}`, 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
      }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), BODY_TIMEOUT_MS / 2);
    });
    assert.equal(x, 201);
  });

  test('requests with bodies on one keep-alive connection leave no listeners behind on it', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => {
      warnings.push(`${w.name}: ${w.message}`);
    };
    process.on('warning', onWarning);
    const client = new ApiClient(server);
    try {
      for (let i = 0; i < 30; i++) assert.equal((await client.post(CM, { metadata: { name: `keep-alive-${i}` } })).status, 201);
      await new Promise((r) => setImmediate(r));
    } finally {
      client.close();
      process.off('warning', onWarning);
    }
    assert.deepEqual(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning')), []);
  });

  test('a watch (long-running) is not cut at the deadline', async () => {
    const w = await api.watch(`${CM}?watch=1&fieldSelector=metadata.name%3Dlater`);
    assert.equal(w.status, 200);
    await new Promise((r) => setTimeout(r, BODY_TIMEOUT_MS * 2.5));
    assert.equal((await api.post(CM, { metadata: { name: 'later' } })).status, 201);
    const ev = await w.next(5000);
    assert.equal(ev?.type, 'ADDED');
    assert.equal(at(ev?.object, 'metadata.name'), 'later');
    w.close();
  });
});

describe('connection limits: long request lines and headers', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.stop();
  });

  function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = request(new URL(path, server.url), { ca: server.caPem, agent: false, headers: { Authorization: `Bearer ${server.adminToken}`, ...headers } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  test('a 100 KB URL is served: kube-apiserver reads up to 1 MiB of request line and headers', async () => {
    const values = Array.from({ length: 10_000 }, (_, i) => `v${String(i).padStart(6, '0')}`).join(',');
    const path = `${CM}?labelSelector=${encodeURIComponent(`app in (${values})`)}`;
    assert.ok(path.length > 100_000);
    const r = await get(path);
    assert.equal(r.status, 200, r.text);
    assert.equal(at(JSON.parse(r.text), 'kind'), 'ConfigMapList');
  });

  test('a URL or headers over 1 MiB are answered 431 as Go does, not reset', async () => {
    const long = await get(`${CM}?x=${'a'.repeat(1_100_000)}`);
    assert.deepEqual(long, { status: 431, text: '431 Request Header Fields Too Large' });
    const header = await get(CM, { 'X-Padding': 'p'.repeat(1_100_000) });
    assert.deepEqual(header, { status: 431, text: '431 Request Header Fields Too Large' });
  });

  test('a malformed request is answered 400 Bad Request, as Go does', async () => {
    const x = await exchange(server, 'GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n', { waitMs: 5000 });
    assert.equal(x.status, 400, x.text);
    assert.match(x.text, /\r\n\r\n400 Bad Request$/);
  });
});
