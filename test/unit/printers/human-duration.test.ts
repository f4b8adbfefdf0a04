import { test } from 'node:test';
import assert from 'node:assert/strict';
import { humanDuration } from '../../../src/sdk/types/human-duration.js';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;
const y = 365 * d;

test('humanDuration follows the API machinery table', () => {
  const cases: [number, string][] = [
    [-2 * s, '<invalid>'], [-1500, '0s'], [-1, '0s'], [0, '0s'], [999, '0s'], [5 * s, '5s'], [119 * s, '119s'],
    [2 * m, '2m'], [2 * m + 30 * s, '2m30s'], [9 * m + 59 * s, '9m59s'], [10 * m, '10m'], [179 * m + 59 * s, '179m'],
    [3 * h, '3h'], [3 * h + 12 * m, '3h12m'], [7 * h + 59 * m, '7h59m'], [8 * h, '8h'], [47 * h + 59 * m, '47h'],
    [2 * d, '2d'], [2 * d + 3 * h, '2d3h'], [7 * d + 23 * h, '7d23h'], [8 * d, '8d'], [400 * d, '400d'], [2 * y - d, '729d'],
    [2 * y, '2y'], [2 * y + 30 * d, '2y30d'], [7 * y + 364 * d, '7y364d'], [8 * y, '8y'], [12 * y + 100 * d, '12y'],
    [Number.NaN, '<invalid>'],
  ];
  for (const [ms, text] of cases) assert.equal(humanDuration(ms), text, `humanDuration(${ms})`);
});
