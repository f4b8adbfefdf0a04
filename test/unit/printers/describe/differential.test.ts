import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeApiServer } from '../support/fake-api-server.js';
import type { FakeApiState } from '../support/fake-api-server.js';
import { kubectlAvailable, mapLimit, runKubectl } from '../support/kubectl.js';
import { toK8s, toPlatform } from '../support/rename.js';
import { describeScenarios, ourDescribe } from '../support/describe-scenarios.js';
import { REFERENCE_NOW, shiftToNow } from '../support/time-shift.js';
import { updating, writeGolden } from '../support/paths.js';

// Serves each scenario's object and related objects to the real kubectl and compares its
// `describe` with ours. The fixtures are moved to the present so that ages agree.
test('kubectl describes objects as we do', async (t) => {
  if (!(await kubectlAvailable())) {
    t.skip('kubectl is not on PATH: differential describe test skipped');
    return;
  }
  const shift = shiftToNow();
  const now = new Date(REFERENCE_NOW.getTime() + shift);
  await mapLimit(describeScenarios, 4, async (s) => {
    const server = await startFakeApiServer(JSON.parse(toK8s(JSON.stringify(s.state(shift)))) as FakeApiState);
    try {
      const r = await runKubectl(['describe', ...s.args, '--server', server.url]);
      assert.equal(r.code, 0, `${s.name}: kubectl failed: ${r.stderr}`);
      assert.equal(ourDescribe(s, shift, now), toPlatform(r.stdout), `describe ${s.args.join(' ')}`);
    } finally {
      await server.close();
    }
    if (updating) writeGolden(`describe/${s.name}.txt`, ourDescribe(s, 0, REFERENCE_NOW));
  });
});
