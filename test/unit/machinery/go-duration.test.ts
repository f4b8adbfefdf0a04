// Go's time.Duration text: String() and ParseDuration.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatGoDuration, formatGoDurationNanos, parseGoDuration, parseGoDurationNanos } from '../../../src/machinery/go-duration.js';

test('Duration.String()', () => {
  const cases: [number, string][] = [[0, '0s'], [300, '300ms'], [1200, '1.2s'], [60_000, '1m0s'], [90_000, '1m30s'], [3_600_000, '1h0m0s'], [-1500, '-1.5s'], [0.25, '250µs']];
  for (const [ms, text] of cases) assert.equal(formatGoDuration(ms), text, String(ms));
  assert.equal(formatGoDurationNanos(7n), '7ns');
  assert.equal(formatGoDurationNanos(1_500n), '1.5µs');
  assert.equal(formatGoDurationNanos(3_723_000_000_001n), '1h2m3.000000001s');
});

test('time.ParseDuration', () => {
  assert.equal(parseGoDuration('0'), 0);
  assert.equal(parseGoDuration('-0'), 0);
  assert.equal(parseGoDuration('1m30s'), 90_000);
  assert.equal(parseGoDuration('1.5h'), 5_400_000);
  assert.equal(parseGoDuration('.5s'), 500);
  assert.equal(parseGoDuration('1.s'), 1000);
  assert.equal(parseGoDuration('250μs'), 0.25);
  assert.equal(parseGoDurationNanos('1.0000000019s'), 1_000_000_001n);
  for (const bad of ['', '10', 'abc', '.s', '1x', '+', '9223372036854775808ns']) assert.equal(parseGoDuration(bad), undefined, bad);
});
