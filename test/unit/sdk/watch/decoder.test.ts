import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../../../src/sdk/client.js';
import { ProtocolError, StatusError } from '../../../../src/sdk/errors.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { decodeJsonStream, decodeWatchEvents } from '../../../../src/sdk/watch/decoder.js';
import type { ConfigMap } from '../../../../src/sdk/types/core.js';
import type { WatchEvent } from '../../../../src/sdk/types/watch.js';
import { RecordingServer } from '../../../support/recording-server.js';
import { configFor } from '../transport/helpers.js';

async function* chunksOf(...parts: (string | Buffer)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part) : part;
}

async function collect<T>(iter: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iter) out.push(item);
  return out;
}

const ev = (type: string, name: string, extra: Record<string, unknown> = {}): string =>
  `${JSON.stringify({ type, object: { kind: 'ConfigMap', metadata: { name, resourceVersion: '1' }, ...extra } })}\n`;

test('events split at every possible byte boundary decode the same', async () => {
  const stream = ev('ADDED', 'a', { data: { text: 'brace } and "quote" \\ backslash, ünïcødé ✓' } }) + ev('MODIFIED', 'b') + ev('DELETED', 'c');
  const bytes = Buffer.from(stream);
  const expected = await collect(decodeWatchEvents(chunksOf(bytes)));
  assert.equal(expected.length, 3);
  for (let cut = 1; cut < bytes.length; cut++) {
    const events = await collect(decodeWatchEvents(chunksOf(bytes.subarray(0, cut), bytes.subarray(cut))));
    assert.deepEqual(events, expected, `split at byte ${cut}`);
  }
  const byteByByte = await collect(decodeWatchEvents(chunksOf(...[...bytes].map((b) => Buffer.from([b])))));
  assert.deepEqual(byteByByte, expected);
  const data = (expected[0]?.object as { data?: { text?: string } }).data?.text;
  assert.equal(data, 'brace } and "quote" \\ backslash, ünïcødé ✓');
});

test('several events per chunk, no separators, and whitespace are all accepted', async () => {
  const compact = ev('ADDED', 'a').trim() + ev('ADDED', 'b').trim() + '\r\n  \t' + ev('BOOKMARK', 'c');
  const events = await collect(decodeWatchEvents(chunksOf(compact)));
  assert.deepEqual(events.map((e) => e.type), ['ADDED', 'ADDED', 'BOOKMARK']);
  assert.deepEqual(await collect(decodeJsonStream(chunksOf('[1,2] {"a":[{}]}'))), [[1, 2], { a: [{}] }]);
});

test('malformed streams are ProtocolErrors', async () => {
  await assert.rejects(collect(decodeWatchEvents(chunksOf('{"type":"ADDED","object":{}'))), /ended in the middle of an event/);
  await assert.rejects(collect(decodeWatchEvents(chunksOf('garbage'))), ProtocolError);
  await assert.rejects(collect(decodeWatchEvents(chunksOf('{"type":"ADDED"}\n'))), /not a watch event/);
  await assert.rejects(collect(decodeWatchEvents(chunksOf('{"type":"WEIRD","object":{}}\n'))), /unknown event type "WEIRD"/);
  await assert.rejects(collect(decodeWatchEvents(chunksOf('{"type":"ADDED","object":{"a":tru}}'))), /invalid JSON document/);
});

test('an event that never closes is refused past the bound instead of gathered without end', async () => {
  let produced = 0;
  // Endless as far as the bound can tell; it does end at 8 MiB, so that a decoder without the bound fails here on its message.
  async function* endless(): AsyncGenerator<Uint8Array> {
    yield Buffer.from('{"type":"ADDED","object":{"data":"');
    while (produced < 8 * 1024 * 1024) {
      produced += 64 * 1024;
      yield Buffer.alloc(64 * 1024, 'a');
    }
  }
  await assert.rejects(collect(decodeWatchEvents(endless(), 1024 * 1024)), (err: unknown) => {
    assert.ok(err instanceof ProtocolError);
    assert.equal(err.message, 'the watch stream carried an event of more than 1 MiB (the limit for one event)');
    return true;
  });
  assert.ok(produced <= 1024 * 1024 + 64 * 1024, `read ${produced} bytes`);
  // Events under the bound pass, one after another, however many.
  const many = Array.from({ length: 50 }, (_, i) => ev('ADDED', `n${i}`, { data: { k: 'v'.repeat(30_000) } })).join('');
  assert.equal((await collect(decodeWatchEvents(chunksOf(many), 64 * 1024))).length, 50);
});

test('watch over HTTP: query, chunked events, ERROR events passed through', async () => {
  const body = ev('ADDED', 'one') + ev('MODIFIED', 'one') + JSON.stringify({ type: 'ERROR', object: { kind: 'Status', status: 'Failure', code: 410, reason: 'Expired', message: 'too old resource version' } }) + '\n';
  const bytes = Buffer.from(body);
  const server = await RecordingServer.start({ responder: () => ({ chunks: [bytes.subarray(0, 17), bytes.subarray(17, 90), bytes.subarray(90)], chunkDelayMs: 10 }) });
  try {
    const client = createClient(configFor(server), { env: {} });
    const events: WatchEvent<ConfigMap>[] = [];
    for await (const event of client.configMaps('ns').watch({ resourceVersion: '5', allowWatchBookmarks: true, labelSelector: 'a=b', resume: false })) events.push(event);
    assert.deepEqual(events.map((e) => e.type), ['ADDED', 'MODIFIED', 'ERROR']);
    assert.equal(server.requests[0]?.url, '/api/v1/namespaces/ns/configmaps?allowWatchBookmarks=true&labelSelector=a%3Db&resourceVersion=5&watch=true');
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('a watch ends cleanly when its signal is aborted; errors before the stream are thrown', async () => {
  const server = await RecordingServer.start({ responder: () => ({ chunks: [ev('ADDED', 'first')], keepOpen: true }) });
  try {
    const client = createClient(configFor(server), { env: {} });
    const controller = new AbortController();
    const names: string[] = [];
    for await (const event of client.configMaps('ns').watch({ signal: controller.signal, resume: false })) {
      names.push((event.object as { metadata?: { name?: string } }).metadata?.name ?? '');
      setTimeout(() => controller.abort(), 20);
    }
    assert.deepEqual(names, ['first']);

    server.respond(() => ({ status: 410, body: { kind: 'Status', status: 'Failure', code: 410, reason: 'Gone', message: 'too old resource version: 1 (5)' } }));
    await assert.rejects(collect(client.configMaps('ns').watch({ resourceVersion: '1', resume: false })), (err: unknown) => err instanceof StatusError && err.code === 410);

    server.respond(() => ({ chunks: [ev('ADDED', 'x')], keepOpen: true }));
    const timed = createClient(configFor(server, { timeoutMs: 1000 }), { env: {} });
    const seen = await collect(timed.configMaps('ns').watch({ resume: false }));
    assert.equal(seen.length, 1, 'the request timeout ends the watch without an error');
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});
