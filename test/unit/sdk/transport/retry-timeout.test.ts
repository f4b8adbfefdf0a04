import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../../../src/sdk/client.js';
import { AbortedError, StatusError, TimeoutError } from '../../../../src/sdk/errors.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { parseRetryAfter, resolveRetryPolicy, retryDelayMs } from '../../../../src/sdk/transport/retry.js';
import { RecordingServer } from '../../../support/recording-server.js';
import { configFor } from './helpers.js';

const tooMany = { status: 429, headers: { 'retry-after': '1' }, body: { kind: 'Status', status: 'Failure', code: 429, reason: 'TooManyRequests', message: 'slow down' } };
const gatewayTimeout = { status: 504, headers: { 'retry-after': '0' }, body: { kind: 'Status', status: 'Failure', code: 504, reason: 'Timeout', message: 'too large resource version' } };

test('Retry-After parsing and backoff', () => {
  assert.equal(parseRetryAfter('3'), 3);
  assert.equal(parseRetryAfter(undefined), undefined);
  assert.equal(parseRetryAfter('soon'), undefined);
  const now = Date.parse('2026-01-01T00:00:00Z');
  assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now), 5);
  const policy = resolveRetryPolicy({ baseDelayMs: 100, maxDelayMs: 350 });
  assert.deepEqual([0, 1, 2, 3].map((n) => retryDelayMs(policy, n, undefined)), [100, 200, 350, 350]);
  assert.equal(retryDelayMs(policy, 0, 2), 2000);
});

test('429 is retried for a write after Retry-After', async () => {
  const server = await RecordingServer.start();
  server.reply(tooMany, { status: 201, body: { kind: 'ConfigMap', metadata: { name: 'a' } } });
  try {
    const client = createClient(configFor(server), { env: {} });
    const started = Date.now();
    const created = await client.configMaps().create({ metadata: { name: 'a' } });
    assert.equal(created.metadata?.name, 'a');
    assert.equal(server.requests.length, 2);
    assert.deepEqual(server.requests.map((r) => r.method), ['POST', 'POST']);
    assert.equal(server.requests[1]?.body.toString(), server.requests[0]?.body.toString(), 'the body is sent again');
    assert.ok(Date.now() - started >= 950, 'waited for Retry-After');
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('504 is retried for reads but not for writes', async () => {
  const server = await RecordingServer.start();
  try {
    const client = createClient(configFor(server), { env: {} });
    server.reply(gatewayTimeout, gatewayTimeout, { body: { kind: 'ConfigMapList', items: [] } });
    const list = await client.configMaps().list();
    assert.deepEqual(list.items, []);
    assert.equal(server.requests.length, 3);

    server.reply(gatewayTimeout);
    await assert.rejects(client.configMaps().create({ metadata: { name: 'b' } }), (err: unknown) => err instanceof StatusError && err.code === 504 && err.retryAfterSeconds === 0);
    assert.equal(server.requests.length, 4);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('retries are bounded in count and in total delay', async () => {
  const server = await RecordingServer.start({ responder: () => ({ ...tooMany, headers: { 'retry-after': '0' } }) });
  try {
    const client = createClient(configFor(server), { env: {}, retry: { maxRetries: 3 } });
    await assert.rejects(client.getRaw('/x'), (err: unknown) => err instanceof StatusError && err.code === 429 && err.reason === 'TooManyRequests');
    assert.equal(server.requests.length, 4);

    server.respond(() => ({ ...tooMany, headers: { 'retry-after': '120' } }));
    const started = Date.now();
    const bounded = createClient(configFor(server), { env: {}, retry: { maxTotalDelayMs: 5000 } });
    await assert.rejects(bounded.getRaw('/y'), (err: unknown) => err instanceof StatusError && err.retryAfterSeconds === 120);
    assert.ok(Date.now() - started < 2000, 'a Retry-After beyond the budget is not waited for');
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('the request timeout ends a slow request with a TimeoutError; timeout=0 waits', async () => {
  const server = await RecordingServer.start({ responder: () => ({ delayMs: 600, body: {} }) });
  try {
    const client = createClient(configFor(server, { timeoutMs: 150 }), { env: {} });
    await assert.rejects(client.getRaw('/slow'), (err: unknown) => {
      assert.ok(err instanceof TimeoutError);
      assert.match(err.message, /^Get "https:\/\/127\.0\.0\.1:\d+\/slow\?timeout=150ms": context deadline exceeded \(Client\.Timeout exceeded while awaiting headers\)/);
      return true;
    });
    assert.equal(server.requests[0]?.query.get('timeout'), '150ms');
    const patient = createClient(configFor(server, { timeoutMs: 0 }), { env: {} });
    await patient.getRaw('/slow');
    assert.equal(server.requests[1]?.query.get('timeout'), null);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('an aborted signal ends a request with AbortedError', async () => {
  const server = await RecordingServer.start({ responder: () => ({ delayMs: 2000, body: {} }) });
  try {
    const client = createClient(configFor(server), { env: {} });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(client.getRaw('/slow', { signal: controller.signal }), AbortedError);
    await assert.rejects(client.getRaw('/x', { signal: AbortSignal.abort() }), AbortedError);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('gzip: Accept-Encoding is sent and the body is decompressed, unless compression is disabled', async () => {
  const payload = { kind: 'ConfigMap', metadata: { name: 'zipped' }, data: { text: 'hello '.repeat(500) } };
  const server = await RecordingServer.start({ responder: (req) => ({ body: payload, gzip: req.headers['accept-encoding'] === 'gzip' }) });
  try {
    const client = createClient(configFor(server), { env: {} });
    assert.deepEqual(await client.configMaps().get('zipped'), payload);
    assert.equal(server.requests[0]?.headers['accept-encoding'], 'gzip');
    const plain = createClient(configFor(server, { disableCompression: true }), { env: {} });
    assert.deepEqual(await plain.configMaps().get('zipped'), payload);
    assert.equal(server.requests[1]?.headers['accept-encoding'], undefined);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});
