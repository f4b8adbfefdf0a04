import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeFrame, encodeTextFrame, findFrameAfter, scanFrames } from '../../../../src/server/storage/frame.js';
import { StoreCorruptionError } from '../../../../src/server/storage/index.js';

const three = (): Buffer => Buffer.concat([encodeTextFrame('{"a":1}'), encodeTextFrame('{"b":2}'), encodeFrame(Buffer.from('{"c":3}'))]);

test('frames round-trip', () => {
  const scan = scanFrames(three(), 'f', false);
  assert.deepEqual(scan.frames.map((f) => f.payload.toString()), ['{"a":1}', '{"b":2}', '{"c":3}']);
  assert.deepEqual(scan.frames.map((f) => f.offset), [0, 19, 38]);
  assert.equal(scan.validBytes, 57);
  assert.equal(scan.torn, undefined);
});

test('every truncation of the last frame is a torn tail', () => {
  const data = three();
  for (let cut = 39; cut < data.length; cut++) {
    const scan = scanFrames(data.subarray(0, cut), 'f', true);
    assert.equal(scan.frames.length, 2, `cut at ${cut}`);
    assert.equal(scan.validBytes, 38);
    assert.ok(scan.torn);
    assert.throws(() => scanFrames(data.subarray(0, cut), 'f', false), StoreCorruptionError);
  }
});

test('a flipped bit anywhere before the last frame is corruption at that frame', () => {
  const data = three();
  for (let i = 0; i < 38; i++) {
    const damaged = Buffer.from(data);
    damaged[i] = (damaged[i] as number) ^ 0x10;
    assert.throws(
      () => scanFrames(damaged, 'the-file', true),
      (err: unknown) => err instanceof StoreCorruptionError && err.file === 'the-file' && err.offset === (i < 19 ? 0 : 19),
      `byte ${i}`,
    );
  }
});

test('zeros after the frames are a torn tail; a zero header followed by data is corruption', () => {
  const data = three();
  assert.equal(scanFrames(Buffer.concat([data, Buffer.alloc(100)]), 'f', true).torn, 'zero-filled tail');
  assert.throws(() => scanFrames(Buffer.concat([Buffer.alloc(12), data]), 'f', true), StoreCorruptionError);
});

test('findFrameAfter finds the first whole frame after damaged bytes, and none in a torn tail', () => {
  const data = three();
  const damaged = Buffer.concat([data.subarray(0, 19), Buffer.from('garbage!'), data.subarray(19)]);
  assert.equal(findFrameAfter(damaged, 19), 27);
  assert.equal(findFrameAfter(Buffer.concat([data, Buffer.alloc(4096)]), 57), undefined);
  for (let cut = 39; cut < data.length; cut++) assert.equal(findFrameAfter(data.subarray(0, cut), 38), undefined, `cut at ${cut}`);
});
