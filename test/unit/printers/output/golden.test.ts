import { test } from 'node:test';
import { assertGolden } from '../support/paths.js';
import { objectScenarios, ourObjectOutput } from '../support/object-scenarios.js';

// -o json|yaml|name|custom-columns|jsonpath for lists, single objects and several types,
// against goldens recorded from kubectl (see differential.test.ts).
for (const s of objectScenarios) {
  test(`output: get ${s.args.join(' ')} (${s.name})`, async () => {
    assertGolden(`objects/${s.name}.txt`, await ourObjectOutput(s));
  });
}
