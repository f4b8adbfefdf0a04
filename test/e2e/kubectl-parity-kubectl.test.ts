/**
 * The scenarios of kubectl-parity-cases.ts against stock kubectl 1.32, step by step
 * (kubectl-differential.ts says how they are compared and what is normalized; here `kubectl` in
 * kubectl's stdout also reads `platformctl`, for the command lines --record stores). Skips, with
 * the reason, when kubectl is not on PATH (the golden test covers the same steps then).
 */
import { test } from 'node:test';
import { compareWithKubectl } from './kubectl-differential.js';
import { PARITY_SCENARIOS } from './kubectl-parity-cases.js';

for (const scenario of PARITY_SCENARIOS) {
  test(`kubectl parity matches kubectl: ${scenario.name}`, { timeout: 300_000 }, async (t) => {
    await compareWithKubectl(t, scenario, { renameStdout: true });
  });
}
