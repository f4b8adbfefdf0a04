import { test } from 'node:test';
import { assertGolden } from '../support/paths.js';
import { ourTableOutput, tableScenarios } from '../support/table-scenarios.js';
import { REFERENCE_NOW } from '../support/time-shift.js';

// Human-readable `get` output for each flag combination, against goldens recorded from
// kubectl (see differential.test.ts).
for (const s of tableScenarios) {
  test(`table: get ${s.args.join(' ')} (${s.name})`, () => {
    assertGolden(`tables/${s.name}.txt`, ourTableOutput(s, 0, REFERENCE_NOW));
  });
}
