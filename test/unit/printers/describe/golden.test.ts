import { test } from 'node:test';
import { assertGolden } from '../support/paths.js';
import { describeScenarios, ourDescribe } from '../support/describe-scenarios.js';
import { REFERENCE_NOW } from '../support/time-shift.js';

// describe for the generic describer and each richer one, against goldens verified by
// describe/differential.test.ts.
for (const s of describeScenarios) {
  test(`describe ${s.args.join(' ')} (${s.name})`, () => {
    assertGolden(`describe/${s.name}.txt`, ourDescribe(s, 0, REFERENCE_NOW));
  });
}
