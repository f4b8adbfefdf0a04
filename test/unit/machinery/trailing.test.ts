import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withoutTrailing } from '../../../src/machinery/trailing.js';

test('the run of the given characters at the end goes, in linear time', () => {
  assert.equal(withoutTrailing('/api//', '/'), '/api');
  assert.equal(withoutTrailing('///', '/'), '');
  assert.equal(withoutTrailing('a/b', '/'), 'a/b');
  assert.equal(withoutTrailing('{} \t\r\n', ' \t\n\r'), '{}');
  const started = Date.now();
  assert.equal(withoutTrailing(`${'/'.repeat(1_000_000)}x/`, '/').length, 1_000_001);
  assert.ok(Date.now() - started < 1000);
});
