/**
 * The scenarios of missing-flags-cases.ts against stock kubectl 1.32, step by step
 * (kubectl-differential.ts says how they are compared and what is normalized). Skips, with the
 * reason, when kubectl is not on PATH (the golden test covers the same steps then).
 */
import { test } from 'node:test';
import { compareWithKubectl } from './kubectl-differential.js';
import { FLAG_SCENARIOS } from './missing-flags-cases.js';

for (const scenario of FLAG_SCENARIOS) {
  test(`missing flags match kubectl: ${scenario.name}`, { timeout: 300_000 }, async (t) => {
    await compareWithKubectl(t, scenario);
  });
}
