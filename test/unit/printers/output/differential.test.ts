import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeApiServer } from '../support/fake-api-server.js';
import type { FakeApiState } from '../support/fake-api-server.js';
import { kubectlAvailable, mapLimit, runKubectl } from '../support/kubectl.js';
import { toK8s, toPlatform } from '../support/rename.js';
import { objectScenarios, objectState, ourObjectOutput } from '../support/object-scenarios.js';
import { updating, writeGolden } from '../support/paths.js';

// Serves each scenario's objects to the real kubectl and compares its -o output with ours.
test('kubectl prints the same json, yaml, names, custom columns and jsonpath as we do', async (t) => {
  if (!(await kubectlAvailable())) {
    t.skip('kubectl is not on PATH: differential output test skipped');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-output-'));
  try {
    await mapLimit(objectScenarios, 4, async (s) => {
      const state = JSON.parse(toK8s(JSON.stringify(objectState(s)))) as FakeApiState;
      const server = await startFakeApiServer(state);
      const file = join(dir, `${s.name}.template`);
      if (s.output === 'custom-columns-file') writeFileSync(file, s.value ?? '');
      try {
        const args = ['get', ...s.args.map((a) => toK8s(a.replace('{file}', file))), '--server', server.url];
        const r = await runKubectl(args);
        assert.equal(r.code, 0, `${s.name}: kubectl failed: ${r.stderr}`);
        const ours = await ourObjectOutput(s);
        assert.equal(ours, toPlatform(r.stdout), `scenario ${s.name}: get ${s.args.join(' ')}`);
        if (updating) writeGolden(`objects/${s.name}.txt`, ours);
      } finally {
        await server.close();
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
