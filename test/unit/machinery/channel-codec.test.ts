import { test } from 'node:test';
import assert from 'node:assert/strict';
import { channelCodecOf, decodeChannelBytes, encodeChannelMessage } from '../../../src/machinery/channel-codec.js';

test('a protocol name says what its messages carry', () => {
  const facts = (name: string): unknown => {
    const c = channelCodecOf(name);
    return c === undefined ? undefined : [c.base64, c.statusErrors, c.closeSignal, c.resize];
  };
  assert.deepEqual(facts('v5.channel.platform.io'), [false, true, true, true]);
  assert.deepEqual(facts('v4.channel.platform.io'), [false, true, false, true]);
  assert.deepEqual(facts('v4.base64.channel.platform.io'), [true, true, false, true]);
  assert.deepEqual(facts('base64.channel.platform.io'), [true, false, false, false]);
  assert.deepEqual(facts('channel.platform.io'), [false, false, false, false]);
  assert.equal(facts('portforward.platform.io'), undefined);
});

test('binary and base64 messages round-trip', () => {
  for (const name of ['v5.channel.platform.io', 'v4.base64.channel.platform.io']) {
    const codec = channelCodecOf(name);
    assert.ok(codec !== undefined);
    const message = encodeChannelMessage(codec, 2, Buffer.from('hi\n'));
    const bytes = typeof message === 'string' ? Buffer.from(message, 'latin1') : message;
    const decoded = decodeChannelBytes(codec, bytes);
    assert.equal(decoded.channel, 2);
    assert.equal(decoded.data.toString(), 'hi\n');
  }
});
