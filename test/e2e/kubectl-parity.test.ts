/**
 * Golden transcripts of the scenarios in kubectl-parity-cases.ts (test/golden/kubectl-parity/*.txt):
 * each against a fresh local server with a fixed clock, in-process, NO_COLOR, fixed width. The same
 * steps are compared with stock kubectl by kubectl-parity-kubectl.test.ts; these goldens keep the
 * check where kubectl is absent.
 */
import { test } from 'node:test';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import { PARITY_SCENARIOS } from './kubectl-parity-cases.js';
import { assertGolden, transcript, type Step } from './writes-golden.js';

for (const scenario of PARITY_SCENARIOS) {
  test(`kubectl parity golden: ${scenario.name}`, { timeout: 180_000 }, async () => {
    try {
      const steps: Step[] = scenario.steps.map((s) => {
        if ('write' in s) return s.note === undefined ? { write: s.write } : { write: s.write, note: s.note };
        const step: Step = { cli: s.cli };
        if (s.stdin !== undefined) step.stdin = s.stdin;
        if (s.env !== undefined) step.env = s.env;
        if (s.note !== undefined) step.note = s.note;
        return step;
      });
      const text = await transcript({ name: scenario.name, files: scenario.files, steps });
      await assertGolden('kubectl-parity', scenario.name, text);
    } finally {
      await closeAllDispatchers();
    }
  });
}
