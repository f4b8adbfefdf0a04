import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubectlAvailable, mapLimit, runKubectl } from '../support/kubectl.js';
import { goTemplateCases, goTemplateObject, kubectlGoTemplateOutcome, ourGoTemplateOutcome, recorded, type RecordedOutcome } from '../support/gotemplate-cases.js';
import { readGolden, updating, writeGolden } from '../support/paths.js';

// Runs every template of the table through the real kubectl (printing a local file, no server)
// and compares: kubectl must agree with us and with the recorded expectations.
// `PLATFORMCTL_UPDATE_GOLDEN=1` records kubectl's outcomes as the expectations.
test('kubectl prints every Go template of the table as we do', { timeout: 600_000 }, async (t) => {
  if (!(await kubectlAvailable())) {
    t.skip('kubectl is not on PATH: differential Go template test skipped');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-gotemplate-'));
  try {
    const file = join(dir, 'object.json');
    // The object carries the label a=b, so `label --overwrite a=b` leaves it as it is.
    writeFileSync(file, JSON.stringify(goTemplateObject));
    const golden = updating ? [] : (JSON.parse(readGolden('gotemplate/expected.json')) as RecordedOutcome[]);
    const failures: string[] = [];
    const outcomes = await mapLimit(goTemplateCases, 4, async (c, i): Promise<RecordedOutcome> => {
      const args = ['label', '--local', '--overwrite', '-f', file, 'a=b', '-o', `go-template=${c.template}`];
      if (c.strict === true) args.push('--allow-missing-template-keys=false');
      const kubectl = kubectlGoTemplateOutcome(await runKubectl(args));
      const ours = ourGoTemplateOutcome(c);
      if (JSON.stringify(ours) !== JSON.stringify(kubectl)) failures.push(`#${i} ${c.template}\n  kubectl ${JSON.stringify(kubectl)}\n  ours    ${JSON.stringify(ours)}`);
      if (!updating && JSON.stringify(golden[i]) !== JSON.stringify(recorded(kubectl))) failures.push(`#${i} ${c.template}: golden is stale`);
      return recorded(kubectl);
    });
    if (updating) writeGolden('gotemplate/expected.json', `${JSON.stringify(outcomes, null, 1)}\n`);
    assert.deepEqual(failures, [], `${failures.length} of ${goTemplateCases.length} templates differ`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
