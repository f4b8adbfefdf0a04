import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readGolden } from '../support/paths.js';
import type { Outcome } from '../support/jsonpath-cases.js';
import { jsonPathCases, ourOutcome, sameOutcome } from '../support/jsonpath-cases.js';

// Expected outcomes: kubectl's (recorded by jsonpath/differential.test.ts) and, for our
// extensions, the ones written in the fixture.
const expected = JSON.parse(readGolden('jsonpath/expected.json')) as Outcome[];

test('the JSONPath table has at least 150 templates and one expectation each', () => {
  assert.ok(jsonPathCases.length >= 150, `only ${jsonPathCases.length} templates`);
  assert.equal(expected.length, jsonPathCases.length);
});

jsonPathCases.forEach((c, i) => {
  test(`jsonpath #${i} ${c.template}${c.strict ? ' (missing keys not allowed)' : ''}${c.asJson ? ' (as JSON)' : ''}`, async () => {
    const ours = await ourOutcome(c);
    const want = expected[i] as Outcome;
    if (c.extension) {
      assert.deepEqual(ours, want);
    } else {
      assert.ok(sameOutcome(c, ours, want), `ours ${JSON.stringify(ours)}\nwant ${JSON.stringify(want)}`);
    }
  });
});
