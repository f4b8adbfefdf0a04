/**
 * The server's port-forward writers: pod bytes read straight into frames (a channel byte or a SPDY
 * DATA header in front, no copy), with backpressure; a SPDY DATA header written in place equals the
 * encoder's; a SPDY session ends every pod connection's streams (data and error FIN) when the pod
 * closes, and closes the whole transport when a frame cannot be handled.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { framedReader, READ_SIZE } from '../../../../src/server/streams/framed-reader.js';
import {
  encodeData, encodeHeaderBlock, encodeSynStream, FLAG_FIN, FrameDecoder, writeDataHeader, type Frame,
} from '../../../../src/machinery/spdy/frames.js';
import { HeaderCompression } from '../../../../src/machinery/spdy/header-compression.js';
import { PortForwardSession } from '../../../../src/server/streams/spdy/port-forward-session.js';

/** A TCP server on 127.0.0.1 that runs `onConnection` for each client. */
async function listen(onConnection: (socket: Socket) => void): Promise<{ server: Server; port: number }> {
  const server = createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const a = server.address();
  return { server, port: a !== null && typeof a === 'object' ? a.port : 0 };
}

const until = async (what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

test('framedReader: every read arrives with free headroom in front, large reads without a copy, small ones in their own buffer', async () => {
  const payload = Buffer.alloc(3 * READ_SIZE + 123);
  for (let i = 0; i < payload.length; i++) payload[i] = i % 251;
  // Two bytes, then (once the client has them) the rest: the first read is a small one.
  const { server, port } = await listen((s) => {
    s.write('hi');
    s.once('data', () => s.end(payload));
  });
  const frames: Buffer[] = [];
  const reader = framedReader(3, (frame) => {
    frames.push(frame);
    frame.fill(0xee, 0, 3);
    if (frames.length === 1) socket.write('ack');
    return true;
  });
  // The buffers the socket reads into, to tell a copied frame from one that holds a read buffer.
  const readBuffers = new Set<ArrayBufferLike>();
  const nextBuffer = reader.buffer as () => Uint8Array;
  const socket: Socket = connect({ host: '127.0.0.1', port, onread: { ...reader, buffer: () => {
    const b = nextBuffer();
    readBuffers.add(b.buffer);
    return b;
  } } });
  await new Promise((resolve) => socket.once('close', resolve));
  server.close();
  assert.ok(frames.length >= 2);
  const first = frames[0];
  assert.ok(first !== undefined);
  // A small read is copied into a buffer of its own size.
  assert.deepEqual(first, Buffer.from([0xee, 0xee, 0xee, 0x68, 0x69]));
  // (It may sit in Buffer's shared pool, which is 64 KiB itself from Node 24 on.)
  assert.ok(!readBuffers.has(first.buffer), 'a small frame does not hold a read buffer');
  const rest = Buffer.concat(frames.slice(1).map((f) => {
    assert.deepEqual([...f.subarray(0, 3)], [0xee, 0xee, 0xee]);
    return f.subarray(3);
  }));
  assert.deepEqual(rest, payload);
  // Large reads share no memory: a frame kept by a queue is never overwritten by the next read.
  const large = frames.filter((f) => f.length > 4096);
  assert.ok(large.length >= 2);
  assert.equal(new Set(large.map((f) => f.buffer)).size, large.length);
  assert.ok(large.every((f) => f.length <= READ_SIZE + 3));
});

test('framedReader: returning false pauses reading until resume()', async () => {
  const total = 4 * READ_SIZE;
  const { server, port } = await listen((s) => s.end(Buffer.alloc(total, 7)));
  let got = 0;
  let calls = 0;
  let paused = false;
  const socket: Socket = connect({ host: '127.0.0.1', port, onread: framedReader(1, (frame) => {
    assert.equal(paused, false, 'no read while paused');
    got += frame.length - 1;
    calls++;
    if (calls % 2 === 1) {
      paused = true;
      setTimeout(() => {
        paused = false;
        socket.resume();
      }, 20);
      return false;
    }
    return true;
  }) });
  await new Promise((resolve) => socket.once('close', resolve));
  server.close();
  assert.equal(got, total);
});

test('writeDataHeader in front of data read into place equals encodeData', () => {
  const data = Buffer.from('hello, pod');
  const frame = Buffer.alloc(8 + data.length);
  data.copy(frame, 8);
  assert.deepEqual(writeDataHeader(frame, 5, false), encodeData(5, data, false));
  assert.deepEqual(encodeData(7, Buffer.alloc(0), true), Buffer.from('0000000701000000', 'hex'));
  assert.deepEqual(encodeData(3, Buffer.from('ab'), false), Buffer.from('00000003000000026162', 'hex'));
});

/** A session whose client side is this test: frames written to it are decoded here. */
function sessionUnderTest(host: string): { session: PortForwardSession; frames: Frame[]; closed: () => boolean } {
  const decoder = new FrameDecoder();
  const frames: Frame[] = [];
  let closed = false;
  const session = new PortForwardSession({
    host,
    write: (bytes) => {
      frames.push(...decoder.push(Buffer.from(bytes)));
      return Promise.resolve();
    },
    writeOrWait: (bytes) => {
      frames.push(...decoder.push(Buffer.from(bytes)));
      return true;
    },
    close: () => {
      closed = true;
    },
    describeError: (port, err) => `error forwarding port ${port}: ${err.message}`,
  });
  return { session, frames, closed: () => closed };
}

const dataOf = (frames: Frame[], streamId: number): Buffer => Buffer.concat(frames.flatMap((f) => (f.type === 'data' && f.streamId === streamId ? [f.data] : [])));
const finOf = (frames: Frame[], streamId: number): boolean => frames.some((f) => f.type === 'data' && f.streamId === streamId && (f.flags & FLAG_FIN) !== 0);

test('SPDY session: pod bytes come back as DATA frames, and the pod closing ends both streams', async () => {
  const body = Buffer.alloc(200 * 1024, 0x61);
  const { server, port } = await listen((s) => s.end(body));
  const { session, frames } = sessionUnderTest('127.0.0.1');
  const client = new HeaderCompression();
  try {
    const headers = (type: string): Record<string, string> => ({ streamtype: type, port: String(port), requestid: '0' });
    session.receive(encodeSynStream(1, await client.compress(encodeHeaderBlock(headers('error'))), true));
    session.receive(encodeSynStream(3, await client.compress(encodeHeaderBlock(headers('data'))), false));
    await until('both streams ended', () => finOf(frames, 3) && finOf(frames, 1));
    assert.deepEqual(dataOf(frames, 3), body);
    assert.equal(dataOf(frames, 1).length, 0);
    assert.ok(frames.every((f) => f.type !== 'data' || f.data.length <= READ_SIZE));
  } finally {
    session.close();
    client.close();
    server.close();
  }
});

test('SPDY session: a header block that does not inflate closes the transport', async () => {
  const { session, closed } = sessionUnderTest('127.0.0.1');
  session.receive(encodeSynStream(1, Buffer.from('not a zlib stream at all'), false));
  await until('the transport to close', closed);
});
