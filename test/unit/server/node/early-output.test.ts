import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EarlyOutput } from '../../../../src/server/node/runtime/process/early-output.js';

test('the first attach takes what was printed before it, once, in order', () => {
  const e = new EarlyOutput(true);
  e.record('stdout', Buffer.from('a'));
  e.record('stderr', Buffer.from('b'));
  assert.deepEqual(e.take().map((c) => [c.stream, c.chunk.toString()]), [['stdout', 'a'], ['stderr', 'b']]);
  e.record('stdout', Buffer.from('later'));
  assert.deepEqual(e.take(), [], 'after the first attach nothing is kept');
});

test('a container without standard input keeps nothing', () => {
  const e = new EarlyOutput(false);
  e.record('stdout', Buffer.from('x'));
  assert.deepEqual(e.take(), []);
});

test('past the limit everything kept is dropped, and nothing more is kept', () => {
  const e = new EarlyOutput(true, 4);
  e.record('stdout', Buffer.from('abc'));
  e.record('stdout', Buffer.from('de'));
  e.record('stdout', Buffer.from('f'));
  assert.deepEqual(e.take(), []);
});

test('a kept chunk is a copy: the pipe may reuse its buffer', () => {
  const e = new EarlyOutput(true);
  const b = Buffer.from('hi');
  e.record('stdout', b);
  b.write('XX');
  assert.equal(e.take()[0]?.chunk.toString(), 'hi');
});
