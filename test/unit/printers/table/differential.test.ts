import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeApiServer } from '../support/fake-api-server.js';
import { kubectlAvailable, mapLimit, runKubectl } from '../support/kubectl.js';
import { toK8s, toPlatform } from '../support/rename.js';
import { ourTableOutput, scenarioState, tableScenarios } from '../support/table-scenarios.js';
import { REFERENCE_NOW, shiftToNow } from '../support/time-shift.js';
import { updating, writeGolden } from '../support/paths.js';

// Serves each scenario's Tables to the real kubectl from a small fake API server and compares
// what kubectl prints with what we print for the same Tables. `PLATFORMCTL_UPDATE_GOLDEN=1`
// also records our (so verified) output as the golden files.
test('kubectl prints the same tables as we do', async (t) => {
  if (!(await kubectlAvailable())) {
    t.skip('kubectl is not on PATH: differential table test skipped');
    return;
  }
  const shift = shiftToNow();
  const now = new Date(REFERENCE_NOW.getTime() + shift);
  await mapLimit(tableScenarios, 4, async (s) => {
    const state = JSON.parse(toK8s(JSON.stringify(scenarioState(s, shift)))) as ReturnType<typeof scenarioState>;
    const server = await startFakeApiServer(state);
    try {
      const args = ['get', ...s.args.map(toK8s), '--server', server.url, '--request-timeout=10s'];
      const r = await runKubectl(args);
      assert.equal(r.code, 0, `${s.name}: kubectl failed: ${r.stderr}`);
      assert.equal(ourTableOutput(s, shift, now), toPlatform(r.stdout), `scenario ${s.name}: get ${s.args.join(' ')}`);
    } finally {
      await server.close();
    }
    if (updating) writeGolden(`tables/${s.name}.txt`, ourTableOutput(s, 0, REFERENCE_NOW));
  });
});
