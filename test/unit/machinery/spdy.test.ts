/**
 * The SPDY/3 codec the server's port-forward session and the SDK's tunnel share: every frame type
 * encodes and decodes back, whole or split across messages; header blocks survive the connection's
 * zlib stream across frames, deflated or written as stored blocks.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { constants, createInflate } from 'node:zlib';
import { SPDY3_DICTIONARY } from '../../../src/machinery/spdy/dictionary.js';
import {
  decodeHeaderBlock, encodeData, encodeGoAway, encodeHeaderBlock, encodePing, encodeRstStream, encodeSynReply, encodeSynStream, fixedFields,
  FLAG_FIN, FRAME, FrameDecoder, RST, SPDY_VERSION, streamFramePayload, type Frame,
} from '../../../src/machinery/spdy/frames.js';
import { HeaderCompression, StoredHeaderBlocks } from '../../../src/machinery/spdy/header-compression.js';

function one(bytes: Buffer): Frame {
  const frames = new FrameDecoder().push(bytes);
  assert.equal(frames.length, 1);
  const [frame] = frames;
  assert.ok(frame !== undefined);
  return frame;
}

function control(bytes: Buffer, frameType: number): Extract<Frame, { type: 'control' }> {
  const frame = one(bytes);
  assert.equal(frame.type, 'control');
  if (frame.type !== 'control') throw new Error('not a control frame');
  assert.equal(frame.version, SPDY_VERSION);
  assert.equal(frame.frameType, frameType);
  return frame;
}

test('DATA frames round-trip, with and without FIN, empty and large', () => {
  for (const [id, data, fin] of [[1, Buffer.from('hello'), false], [3, Buffer.alloc(0), true], [0x7ffffffd, Buffer.alloc(200_000, 7), true]] as const) {
    const frame = one(encodeData(id, data, fin));
    assert.deepEqual(frame, { type: 'data', streamId: id, flags: fin ? FLAG_FIN : 0, data });
  }
});

test('SYN_STREAM, SYN_REPLY, RST_STREAM, PING and GOAWAY round-trip', () => {
  const block = Buffer.from('a header block');
  const syn = control(encodeSynStream(5, block, true), FRAME.synStream);
  assert.equal(syn.flags, FLAG_FIN);
  assert.deepEqual(streamFramePayload(FRAME.synStream, syn.payload), { streamId: 5, headerBlock: block });
  const reply = control(encodeSynReply(7, block, false), FRAME.synReply);
  assert.equal(reply.flags, 0);
  assert.deepEqual(streamFramePayload(FRAME.synReply, reply.payload), { streamId: 7, headerBlock: block });
  assert.deepEqual(fixedFields(control(encodeRstStream(9, RST.cancel), FRAME.rstStream).payload), [9, RST.cancel]);
  assert.deepEqual(fixedFields(control(encodePing(0xfffffffe), FRAME.ping).payload), [0xfffffffe, 0]);
  assert.deepEqual(fixedFields(control(encodeGoAway(11, 2), FRAME.goAway).payload), [11, 2]);
  assert.equal(streamFramePayload(FRAME.synStream, Buffer.alloc(3)), undefined, 'a truncated payload');
});

test('the decoder reassembles frames split across messages and splits several in one', () => {
  const frames = [encodeSynStream(1, Buffer.from('h1'), false), encodeData(1, Buffer.from('body'), false), encodePing(2), encodeData(1, Buffer.alloc(0), true)];
  const all = Buffer.concat(frames);
  const expected = new FrameDecoder().push(all);
  assert.equal(expected.length, 4);
  for (const step of [1, 3, 8, 13]) {
    const decoder = new FrameDecoder();
    const got: Frame[] = [];
    for (let i = 0; i < all.length; i += step) got.push(...decoder.push(all.subarray(i, i + step)));
    assert.deepEqual(got, expected, `in pieces of ${step} bytes`);
  }
});

test('header blocks: names lowercased, values kept; a malformed block is refused', () => {
  const block = encodeHeaderBlock({ StreamType: 'data', port: '8080', requestID: '0' });
  assert.deepEqual({ ...decodeHeaderBlock(block) }, { streamtype: 'data', port: '8080', requestid: '0' });
  assert.deepEqual({ ...decodeHeaderBlock(encodeHeaderBlock({})) }, {});
  assert.equal(decodeHeaderBlock(block.subarray(0, block.length - 1)), undefined);
  assert.equal(decodeHeaderBlock(Buffer.alloc(2)), undefined);
});

const blocks = [0, 1, 2, 3].map((i) => encodeHeaderBlock({ streamtype: i % 2 === 0 ? 'error' : 'data', port: '8080', requestid: String(i >> 1) }));

test('header compression: one zlib stream per direction, each block decodable when it arrives', async () => {
  const sender = new HeaderCompression();
  const receiver = new HeaderCompression();
  try {
    const compressed: Buffer[] = [];
    for (const b of blocks) compressed.push(await sender.compress(b));
    // Later blocks refer back to earlier ones: the same headers again take fewer bytes.
    assert.ok((compressed[2]?.length ?? 0) < (compressed[0]?.length ?? 0), compressed.map((c) => c.length).join(' '));
    for (const [i, c] of compressed.entries()) assert.deepEqual(await receiver.decompress(c), blocks[i]);
    // A fresh inflater cannot read a later block alone: the context spans frames.
    const fresh = new HeaderCompression();
    await assert.rejects(fresh.decompress(compressed[2] ?? Buffer.alloc(0)));
    fresh.close();
  } finally {
    sender.close();
    receiver.close();
  }
});

test('stored header blocks are read by a SPDY inflater across frames, large blocks in several pieces', async () => {
  const stored = new StoredHeaderBlocks();
  const receiver = new HeaderCompression();
  try {
    for (const b of blocks) assert.deepEqual(await receiver.decompress(stored.encode(b)), b);
  } finally {
    receiver.close();
  }
  // Past 64 KiB a block takes more than one stored block (and more than the inflater above allows).
  const big = Buffer.alloc(150_000, 0x61);
  const writer = new StoredHeaderBlocks();
  const wire = Buffer.concat([writer.encode(blocks[0] ?? Buffer.alloc(0)), writer.encode(big)]);
  const inflate = createInflate({ dictionary: SPDY3_DICTIONARY });
  const out: Buffer[] = [];
  inflate.on('data', (c: Buffer) => out.push(c));
  inflate.write(wire);
  await new Promise<void>((resolve) => inflate.flush(constants.Z_SYNC_FLUSH, () => resolve()));
  inflate.destroy();
  assert.deepEqual(Buffer.concat(out), Buffer.concat([blocks[0] ?? Buffer.alloc(0), big]));
});
