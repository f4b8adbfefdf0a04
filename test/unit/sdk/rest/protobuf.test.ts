import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../../../src/sdk/client.js';
import { ProtocolError, StatusError } from '../../../../src/sdk/errors.js';
import { decodeProtobufEnvelope, decodeProtobufStatus, ProtobufReader } from '../../../../src/sdk/rest/protobuf.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { RecordingServer } from '../../../support/recording-server.js';
import { configFor } from '../transport/helpers.js';

function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  while (v >= 0x80) {
    out.push((v % 128) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}

function bytesField(field: number, data: Uint8Array | string): number[] {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return [...varint(field * 8 + 2), ...varint(bytes.length), ...bytes];
}

function varintField(field: number, value: number): number[] {
  return [...varint(field * 8), ...varint(value)];
}

function envelope(apiVersion: string, kind: string, raw: Uint8Array, extra: number[] = []): Buffer {
  const typeMeta = Uint8Array.from([...bytesField(1, apiVersion), ...bytesField(2, kind)]);
  return Buffer.from([0x6b, 0x38, 0x73, 0x00, ...bytesField(1, typeMeta), ...bytesField(2, raw), ...extra]);
}

test('decodes the Unknown envelope: typeMeta, raw, contentEncoding, contentType', () => {
  const raw = Uint8Array.from([0x0a, 0x03, 0x61, 0x62, 0x63, 0xff]);
  const env = decodeProtobufEnvelope(envelope('v1', 'ConfigMap', raw, [...bytesField(3, 'gzip'), ...bytesField(4, 'application/vnd.platform.protobuf'), ...varintField(9, 300)]));
  assert.deepEqual(env.typeMeta, { apiVersion: 'v1', kind: 'ConfigMap' });
  assert.deepEqual([...env.raw], [...raw]);
  assert.equal(env.contentEncoding, 'gzip');
  assert.equal(env.contentType, 'application/vnd.platform.protobuf');
  const minimal = decodeProtobufEnvelope(envelope('apps/v1', 'Deployment', new Uint8Array(0)));
  assert.equal(minimal.contentEncoding, '');
  assert.equal(minimal.contentType, '');
});

test('rejects any other prefix and truncated messages', () => {
  assert.throws(() => decodeProtobufEnvelope(Buffer.from([0x6b, 0x38, 0x73, 0x01, 0x0a, 0x00])), (err: unknown) => {
    assert.ok(err instanceof ProtocolError);
    assert.equal(err.message, 'unrecognized protobuf envelope: expected the prefix 6b 38 73 00, got 6b 38 73 01');
    return true;
  });
  assert.throws(() => decodeProtobufEnvelope(Buffer.from('{"kind":"x"}')), ProtocolError);
  assert.throws(() => decodeProtobufEnvelope(new Uint8Array(0)), /got an empty body/);
  assert.throws(() => decodeProtobufEnvelope(Buffer.from([0x6b, 0x38, 0x73, 0x00, 0x12, 0x05, 0x01])), /truncated protobuf message/);
});

test('the varint reader handles multi-byte values and skips fixed-width fields', () => {
  const data = Uint8Array.from([...varintField(1, 300), 0x11, 1, 2, 3, 4, 5, 6, 7, 8, 0x1d, 1, 2, 3, 4, ...varintField(4, 2 ** 40)]);
  const fields = new ProtobufReader(data).fields();
  assert.deepEqual(fields.map((f) => [f.number, f.varint]), [[1, 300], [4, 2 ** 40]]);
});

test('decodes a protobuf Status', () => {
  const details = Uint8Array.from([...bytesField(1, 'cm'), ...bytesField(3, 'configmaps'), ...bytesField(4, Uint8Array.from(bytesField(2, 'bad field'))), ...varintField(5, 7)]);
  const raw = Uint8Array.from([...bytesField(2, 'Failure'), ...bytesField(3, 'configmaps "cm" not found'), ...bytesField(4, 'NotFound'), ...bytesField(5, details), ...varintField(6, 404)]);
  assert.deepEqual(decodeProtobufStatus(decodeProtobufEnvelope(envelope('v1', 'Status', raw))), {
    kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'configmaps "cm" not found', reason: 'NotFound', code: 404,
    details: { name: 'cm', kind: 'configmaps', causes: [{ message: 'bad field' }], retryAfterSeconds: 7 },
  });
});

test('over HTTP: protobuf is negotiated, a bad prefix is a ProtocolError, a protobuf Status an error', async () => {
  const good = envelope('v1', 'ConfigMap', Uint8Array.from([1, 2, 3]));
  const server = await RecordingServer.start();
  try {
    const client = createClient(configFor(server), { env: {} });
    server.reply({ headers: { 'content-type': 'application/vnd.platform.protobuf' }, body: good });
    const env = await client.configMaps().getProtobuf('x');
    assert.equal(env.typeMeta.kind, 'ConfigMap');
    assert.equal(server.requests[0]?.headers.accept, 'application/vnd.platform.protobuf,application/json');

    server.reply({ headers: { 'content-type': 'application/vnd.platform.protobuf' }, body: Buffer.from([0x6b, 0x39, 0x73, 0x00]) });
    await assert.rejects(client.configMaps().getProtobuf('x'), ProtocolError);

    const statusRaw = Uint8Array.from([...bytesField(2, 'Failure'), ...bytesField(3, 'configmaps "x" not found'), ...bytesField(4, 'NotFound'), ...varintField(6, 404)]);
    server.reply({ status: 404, headers: { 'content-type': 'application/vnd.platform.protobuf' }, body: envelope('v1', 'Status', statusRaw) });
    await assert.rejects(client.configMaps().getProtobuf('x'), (err: unknown) => err instanceof StatusError && err.reason === 'NotFound' && err.message === 'configmaps "x" not found');

    server.reply({ headers: { 'content-type': 'application/vnd.platform.protobuf' }, body: good });
    await assert.rejects(client.configMaps().get('x'), (err: unknown) => err instanceof ProtocolError && /where JSON was expected/.test(err.message));
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});
