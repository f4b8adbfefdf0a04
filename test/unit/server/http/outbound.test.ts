/**
 * The server's outbound call against real sockets: an endless answer fails as `too-large` and its
 * socket is closed, a deeply nested one as `too-deep`, a dripping answer fails at the deadline although bytes keep arriving, and a
 * refused connection is a `transport` failure with the system's message; calls that keep alive share
 * a connection, others (and those with a server name of their own) do not.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { callOutbound, endpointOf, MAX_ANSWER_BYTES, OutboundError } from '../../../../src/server/http/outbound.js';
import { startHostileEndpoint, type HostileEndpoint } from '../../../support/hostile-endpoint.js';

let hostile: HostileEndpoint;
before(async () => {
  hostile = await startHostileEndpoint();
});
after(() => hostile.stop());

function post(path: string, deadlineMs: number): Promise<unknown> {
  return callOutbound({ method: 'POST', endpoint: endpointOf(new URL(`${hostile.url}${path}`)), ca: hostile.caPem, body: '{}', deadlineMs });
}

async function failure(p: Promise<unknown>): Promise<OutboundError> {
  const e = await p.then(() => undefined, (err: unknown) => err);
  assert.ok(e instanceof OutboundError, String(e));
  return e;
}

async function closed(): Promise<void> {
  for (let i = 0; i < 100 && hostile.openConnections() > 0; i++) await sleep(20);
  assert.equal(hostile.openConnections(), 0, 'the socket of the failed call is closed');
}

test('an endless answer fails once past the limit, and its connection is closed', async () => {
  const e = await failure(post('/endless', 20_000));
  assert.equal(e.failure, 'too-large');
  assert.equal(e.message, `the answer is larger than the limit of ${String(MAX_ANSWER_BYTES)} bytes`);
  await closed();
});

test('an answer nested deeper than request bodies may be fails the call', async () => {
  const e = await failure(post('/deep', 20_000));
  assert.equal(e.failure, 'too-deep');
  assert.equal(e.message, 'the answer nests deeper than 256 levels');
});

test('an answer dripping a byte at a time fails at the deadline of the whole call', async () => {
  const started = Date.now();
  const e = await failure(post('/drip', 1200));
  assert.equal(e.failure, 'timeout');
  const took = Date.now() - started;
  assert.ok(took >= 1200 && took < 3000, `failed after ${String(took)} ms`);
  await closed();
});

test('a refused connection is a transport failure with the system\'s message', async () => {
  const spare = createServer();
  await new Promise<void>((r) => spare.listen(0, '127.0.0.1', r));
  const addr = spare.address();
  const port = addr !== null && typeof addr === 'object' ? addr.port : 0;
  await new Promise<void>((r) => spare.close(() => r()));
  const e = await failure(callOutbound({ method: 'GET', endpoint: { https: false, host: '127.0.0.1', port, path: '/' }, deadlineMs: 5000 }));
  assert.equal(e.failure, 'transport');
  assert.equal(e.message, `connect ECONNREFUSED 127.0.0.1:${String(port)}`);
});

test('calls that keep alive reuse one connection; calls with their own server name do not', async () => {
  const ok = (extra: { keepAlive?: boolean; serverName?: string }): Promise<unknown> =>
    callOutbound({ method: 'GET', endpoint: endpointOf(new URL(`${hostile.url}/ok`)), ca: hostile.caPem, deadlineMs: 10_000, ...extra });
  const count = async (extra: { keepAlive?: boolean; serverName?: string }): Promise<number> => {
    const before = hostile.connectionsMade();
    await ok(extra);
    await ok(extra);
    await ok(extra);
    return hostile.connectionsMade() - before;
  };
  assert.ok(await count({ keepAlive: true }) <= 1, 'kept alive');
  assert.equal(await count({}), 3, 'a connection per call');
  assert.equal(await count({ keepAlive: true, serverName: '127.0.0.1' }), 3, 'a call with its own identity check is never pooled');
});
