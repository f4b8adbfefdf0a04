import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commaPairs } from '../../../src/machinery/comma-pairs.js';

test('commaPairs splits at commas and the first =, trims, and skips empty parts', () => {
  assert.deepEqual(commaPairs(' a = 1 ,, b=x=y , c '), [
    { part: 'a = 1', key: 'a', value: '1' },
    { part: 'b=x=y', key: 'b', value: 'x=y' },
    { part: 'c', key: 'c', value: undefined },
  ]);
  assert.deepEqual(commaPairs(''), []);
  assert.deepEqual(commaPairs('k='), [{ part: 'k=', key: 'k', value: '' }]);
});

test('commaPairs keeps prototype names as plain keys', () => {
  assert.deepEqual(commaPairs('__proto__=x'), [{ part: '__proto__=x', key: '__proto__', value: 'x' }]);
});
