import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { runCli } from '../../../support/cli.js';
import { startFakeApiServer } from '../support/fake-api-server.js';
import type { FakeApiState } from '../support/fake-api-server.js';
import { kubectlAvailable, mapLimit, runKubectl } from '../support/kubectl.js';
import { toK8s, toPlatform } from '../support/rename.js';
import { describeScenarios, ourDescribe } from '../support/describe-scenarios.js';
import { REFERENCE_NOW, shiftToNow } from '../support/time-shift.js';
import { updating, writeGolden } from '../support/paths.js';

// Serves each scenario's object and related objects to the real kubectl and compares its
// `describe` with ours: the printer given the related objects, and `platformctl describe` itself
// against the same server in our naming (so that what the command fetches is checked too). The
// fixtures are moved to the present so that ages agree.
test('kubectl describes objects as we do', async (t) => {
  if (!(await kubectlAvailable())) {
    t.skip('kubectl is not on PATH: differential describe test skipped');
    return;
  }
  const shift = shiftToNow();
  const now = new Date(REFERENCE_NOW.getTime() + shift);
  const home = await mkdtemp(join(tmpdir(), 'platformctl-describe-diff-'));
  try {
    await mapLimit(describeScenarios, 4, async (s) => {
      const server = await startFakeApiServer(JSON.parse(toK8s(JSON.stringify(s.state(shift)))) as FakeApiState);
      const ours = await startFakeApiServer(s.state(shift), { renameGroupVersion: (gv) => toPlatform(gv) });
      try {
        const r = await runKubectl(['describe', ...s.args, '--server', server.url]);
        assert.equal(r.code, 0, `${s.name}: kubectl failed: ${r.stderr}`);
        const theirs = toPlatform(r.stdout);
        assert.equal(ourDescribe(s, shift, now), theirs, `describe ${s.args.join(' ')}`);
        const cli = await runCli(['describe', ...s.args, '--server', ours.url], { env: { PLATFORMCONFIG: join(home, 'none') }, home, now: new Date() });
        assert.equal(cli.stderr, '', `${s.name}: platformctl describe failed`);
        assert.equal(cli.stdout, theirs, `platformctl describe ${s.args.join(' ')}`);
      } finally {
        await server.close();
        await ours.close();
      }
      if (updating) writeGolden(`describe/${s.name}.txt`, ourDescribe(s, 0, REFERENCE_NOW));
    });
  } finally {
    await rm(home, { recursive: true, force: true });
    await closeAllDispatchers();
  }
});
