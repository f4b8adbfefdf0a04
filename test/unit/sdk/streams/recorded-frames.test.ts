/**
 * The SDK's exec/attach channel framing and its port-forward framing against frames written down
 * from the published protocols (client-go's remotecommand and the kubelet's WebSocket
 * port-forward, KEP-4006 for v5), as hex and text literals — not produced by our own encoder.
 * The protocol names are ours (`platform.io` for `k8s.io`); the bytes are the real ones.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codecFor, decodeMessage, encodeClose, encodeMessage, encodeResize, outcomeOf, REMOTE_COMMAND_PROTOCOLS, type ClientChannelCodec } from '../../../../src/sdk/streams/channel-protocol.js';
import { PORT_FORWARD_PROTOCOLS, PortForwardReader } from '../../../../src/sdk/streams/port-forward-protocol.js';
import { STREAM_PROTOCOLS } from '../../../../src/sdk/naming.js';

const hex = (s: string): Buffer => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const bytesOf = (m: Uint8Array | string): Buffer => (typeof m === 'string' ? Buffer.from(m, 'latin1') : Buffer.from(m));

function codec(protocol: string): ClientChannelCodec {
  const c = codecFor(protocol);
  assert.ok(c !== undefined, protocol);
  return c;
}

test('offered sub-protocols: v5 first, then v4, then the base64 forms', () => {
  assert.deepEqual(REMOTE_COMMAND_PROTOCOLS, ['v5.channel.platform.io', 'v4.channel.platform.io', 'v4.base64.channel.platform.io', 'base64.channel.platform.io']);
  assert.deepEqual(PORT_FORWARD_PROTOCOLS, ['v4.channel.platform.io', 'v4.base64.channel.platform.io']);
  assert.equal(codecFor('SPDY/3.1+portforward.platform.io'), undefined, 'a protocol not offered is not read');
});

test('v5: stdin frames, the close signal and resize, byte for byte', () => {
  const v5 = codec(STREAM_PROTOCOLS.channelV5);
  // "ls\n" on stdin: stream id 0 followed by the bytes.
  assert.deepEqual(bytesOf(encodeMessage(v5, 0, Buffer.from('ls\n'))), hex('00 6c 73 0a'));
  // Half-close of stdin: 0xff then the stream id.
  assert.deepEqual(bytesOf(encodeClose(0)), hex('ff 00'));
  // Terminal size 80x24 on the resize stream (4): JSON with capitalised keys.
  assert.deepEqual(bytesOf(encodeResize(v5, 80, 24)), Buffer.concat([hex('04'), Buffer.from('{"Width":80,"Height":24}')]));
  // An empty stdin frame is a lone stream id.
  assert.deepEqual(bytesOf(encodeMessage(v5, 0, new Uint8Array())), hex('00'));
});

test('v4/v5: server frames of stdout, stderr and the error stream', () => {
  const v4 = codec(STREAM_PROTOCOLS.channelV4);
  const out = decodeMessage(v4, hex('01 68 65 6c 6c 6f 0a'));
  assert.deepEqual(out && { channel: out.channel, text: out.data.toString() }, { channel: 1, text: 'hello\n' });
  const err = decodeMessage(v4, hex('02 6f 6f 70 73'));
  assert.deepEqual(err && { channel: err.channel, text: err.data.toString() }, { channel: 2, text: 'oops' });
  // The kubelet's first (empty) frame per stream carries no data.
  const empty = decodeMessage(v4, hex('01'));
  assert.equal(empty?.channel, 1);
  assert.equal(empty?.data.length, 0);
  assert.equal(decodeMessage(v4, new Uint8Array()), undefined);
});

test('the error stream: Success, a non-zero exit code, and a failure, as the kubelet writes them', () => {
  const v4 = codec(STREAM_PROTOCOLS.channelV4);
  assert.deepEqual(outcomeOf(v4, Buffer.from('{"metadata":{},"status":"Success"}')), { kind: 'exit', exitCode: 0 });
  const nonZero = '{"metadata":{},"status":"Failure","message":"command terminated with non-zero exit code: error executing command [sh -c exit 3], exit code 3","reason":"NonZeroExitCode","details":{"causes":[{"reason":"ExitCode","message":"3"}]}}';
  assert.deepEqual(outcomeOf(v4, Buffer.from(nonZero)), { kind: 'exit', exitCode: 3 });
  const failure = '{"metadata":{},"status":"Failure","message":"Internal error occurred: error executing command in container: failed to exec in container: failed to start exec \\"abc\\": OCI runtime exec failed: exec failed: unable to start container process: exec: \\"nope\\": executable file not found in $PATH: unknown","reason":"InternalError","details":{"causes":[{"message":"error executing command in container"}]},"code":500}';
  const o = outcomeOf(v4, Buffer.from(failure));
  assert.equal(o.kind, 'failure');
  assert.equal(o.kind === 'failure' ? o.status.code : 0, 500);
  assert.match(o.kind === 'failure' ? String(o.status.message) : '', /executable file not found/);
  // An exit code outside 0..255 is a protocol error, not an exit.
  const bad = outcomeOf(v4, Buffer.from('{"status":"Failure","reason":"NonZeroExitCode","details":{"causes":[{"reason":"ExitCode","message":"abc"}]}}'));
  assert.equal(bad.kind, 'failure');
  // base64.channel (v1 semantics): the error stream is plain text; empty means success.
  const b64 = codec(STREAM_PROTOCOLS.base64Channel);
  assert.deepEqual(outcomeOf(b64, Buffer.alloc(0)), { kind: 'exit', exitCode: 0 });
  assert.equal(outcomeOf(b64, Buffer.from('exit status 1')).kind, 'failure');
});

test('base64 channel: text frames of a channel digit and base64 data', () => {
  const b = codec(STREAM_PROTOCOLS.base64ChannelV4);
  assert.equal(encodeMessage(b, 0, Buffer.from('ls\n')), '0bHMK');
  assert.equal(encodeResize(b, 100, 30), `4${Buffer.from('{"Width":100,"Height":30}').toString('base64')}`);
  const m = decodeMessage(b, '1aGVsbG8K');
  assert.deepEqual(m && { channel: m.channel, text: m.data.toString() }, { channel: 1, text: 'hello\n' });
  const e = decodeMessage(b, '2b29wcw==');
  assert.deepEqual(e && { channel: e.channel, text: e.data.toString() }, { channel: 2, text: 'oops' });
});

test('port-forward: the port prefix on each stream, then data and errors', () => {
  // Port 8080 = 0x1f90, written little-endian as the first message of the data (0) and error (1) streams.
  const r = PortForwardReader.for(STREAM_PROTOCOLS.channelV4);
  assert.ok(r !== undefined);
  assert.deepEqual(r.read(hex('00 90 1f')), { kind: 'ignored' });
  assert.deepEqual(r.read(hex('01 90 1f')), { kind: 'ignored' });
  const data = r.read(Buffer.concat([hex('00'), Buffer.from('HTTP/1.1 200 OK\r\n')]));
  assert.deepEqual(data.kind === 'data' ? data.data.toString() : data, 'HTTP/1.1 200 OK\r\n');
  const err = r.read(Buffer.concat([hex('01'), Buffer.from('error forwarding port 8080 to pod web, uid : connection refused')]));
  assert.deepEqual(err, { kind: 'error', message: 'error forwarding port 8080 to pod web, uid : connection refused' });
  // Bytes to the pod go on the data stream.
  assert.deepEqual(bytesOf(r.encode(Buffer.from('GET / HTTP/1.1\r\n'))), Buffer.concat([hex('00'), Buffer.from('GET / HTTP/1.1\r\n')]));
  // Another channel (a second port's) is not this session's.
  assert.deepEqual(r.read(hex('02 91 1f')), { kind: 'ignored' });

  const b = PortForwardReader.for(STREAM_PROTOCOLS.base64ChannelV4);
  assert.ok(b !== undefined);
  assert.deepEqual(b.read(`0${hex('901f').toString('base64')}`), { kind: 'ignored' });
  const bd = b.read(`0${Buffer.from('pong').toString('base64')}`);
  assert.equal(bd.kind === 'data' ? bd.data.toString() : '', 'pong');
  assert.equal(b.encode(Buffer.from('ping')), `0${Buffer.from('ping').toString('base64')}`);
  assert.equal(PortForwardReader.for(STREAM_PROTOCOLS.channelV5), undefined, 'port-forward is not offered v5');
});
