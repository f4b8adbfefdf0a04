import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubectlAvailable, mapLimit, runKubectl } from '../support/kubectl.js';
import type { Outcome } from '../support/jsonpath-cases.js';
import { jsonPathCases, jsonPathObject, ourOutcome, sameOutcome } from '../support/jsonpath-cases.js';
import { readGolden, updating, writeGolden } from '../support/paths.js';

// Runs every template kubectl defines through the real kubectl (printing a local file, no
// server) and compares: kubectl must agree with us and with the recorded expectations.
// `PLATFORMCTL_UPDATE_GOLDEN=1` records kubectl's outcomes as the expectations.
test('kubectl prints every JSONPath template as we do', async (t) => {
  if (!(await kubectlAvailable())) {
    t.skip('kubectl is not on PATH: differential JSONPath test skipped');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-jsonpath-'));
  try {
    const file = join(dir, 'object.json');
    // The object carries the label a=b, so `label --overwrite a=b` leaves it as it is.
    writeFileSync(file, JSON.stringify(jsonPathObject));
    const golden = updating ? [] : (JSON.parse(readGolden('jsonpath/expected.json')) as Outcome[]);
    const outcomes = await mapLimit(jsonPathCases, 4, async (c, i): Promise<Outcome> => {
      if (c.extension) return c.expect ?? { stdout: '', error: '' };
      const args = ['label', '--local', '--overwrite', '-f', file, 'a=b', '-o', `${c.asJson ? 'jsonpath-as-json' : 'jsonpath'}=${c.template}`];
      if (c.strict) args.push('--allow-missing-template-keys=false');
      const r = await runKubectl(args);
      const kubectl: Outcome = { stdout: r.stdout, error: r.stderr.replace(/^error: /, '').split('\n')[0] ?? '' };
      const ours = await ourOutcome(c);
      assert.ok(sameOutcome(c, ours, kubectl), `#${i} ${c.template}\nkubectl ${JSON.stringify(kubectl)}\nours    ${JSON.stringify(ours)}`);
      if (!updating) assert.ok(sameOutcome(c, golden[i] ?? { stdout: '', error: '' }, kubectl), `#${i} ${c.template}: golden is stale`);
      return kubectl;
    });
    if (updating) writeGolden('jsonpath/expected.json', `${JSON.stringify(outcomes, null, 1)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
