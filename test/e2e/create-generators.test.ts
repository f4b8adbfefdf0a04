/**
 * Golden transcripts of the `create <kind> NAME` generators (test/golden/create/generators-*.txt):
 * each generator with its main flag combinations, `--dry-run=client|server`, `-o`, `--save-config`
 * and its errors, against the local server with a fixed clock. The same cases are compared with
 * stock kubectl by create-generators-kubectl.test.ts; these goldens keep the check where kubectl
 * is absent.
 */
import { test } from 'node:test';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import { applyMasks, GENERATOR_SCENARIOS } from './create-generator-cases.js';
import { assertGolden, transcript } from './writes-golden.js';

for (const scenario of GENERATOR_SCENARIOS) {
  test(`create generators golden: ${scenario.name}`, { timeout: 180_000 }, async () => {
    try {
      const text = await transcript({ name: scenario.name, files: scenario.files, steps: scenario.steps.map((s) => (s.note === undefined ? { cli: s.cli } : { cli: s.cli, note: s.note })) });
      await assertGolden('create', scenario.name, applyMasks(text, scenario.steps.flatMap((s) => s.random ?? [])));
    } finally {
      await closeAllDispatchers();
    }
  });
}
