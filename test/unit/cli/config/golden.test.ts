/**
 * Golden tests of every `config` subcommand: each case of test/fixtures/config/cases.json runs
 * in-process against its own temporary files, and its exit code, stdout, stderr and the config
 * files afterwards must equal test/golden/config/<case>.txt. Those files were produced by kubectl
 * 1.32 on the same files with names translated (test/fixtures/config/generate-golden.mjs), except
 * the cases marked `goldenFrom: platformctl`, which differ on purpose for the reason they state.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../../../support/cli.js';
import { FIXTURES, REPO_ROOT, fixture, tempDir } from '../../sdk/config/helpers.js';

interface Layout {
  files: Record<string, string>;
  env: string | null;
  snapshot: string[];
}
interface Case {
  name: string;
  layout: string;
  args: string[];
  goldenFrom?: string;
  why?: string;
}

const { layouts, cases } = JSON.parse(readFileSync(path.join(FIXTURES, 'cases.json'), 'utf8')) as { layouts: Record<string, Layout>; cases: Case[] };
const goldenDir = path.join(REPO_ROOT, 'test', 'golden', 'config');

for (const c of cases) {
  test(`config golden: ${c.name}${c.why === undefined ? '' : ` (${c.why})`}`, async () => {
    const layout = layouts[c.layout];
    assert.ok(layout, `unknown layout ${c.layout}`);
    const tmp = await tempDir('platformctl-golden-');
    try {
      for (const [to, from] of Object.entries(layout.files)) await tmp.write(to, fixture(from));
      await tmp.write('home/.keep', '');
      const env: Record<string, string> = {};
      if (layout.env !== null) env.PLATFORMCONFIG = layout.env.replaceAll('$DIR', tmp.dir);
      const r = await runCli(c.args.map((a) => a.replaceAll('$DIR', tmp.dir)), { env, home: tmp.path('home'), cwd: tmp.dir });
      let actual = `exit: ${r.code}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}`;
      for (const f of layout.snapshot) {
        const p = tmp.path(f);
        actual += existsSync(p) ? `--- file ${f}\n${await readFile(p, 'utf8')}` : `--- file ${f} (absent)\n`;
      }
      actual = actual.replaceAll(tmp.dir, '$DIR');
      // The cases whose golden is ours (not kubectl's) are rewritten with UPDATE_GOLDEN=1 after review.
      if (process.env.UPDATE_GOLDEN === '1' && c.goldenFrom === 'platformctl') await writeFile(path.join(goldenDir, `${c.name}.txt`), actual);
      const expected = await readFile(path.join(goldenDir, `${c.name}.txt`), 'utf8');
      assert.equal(actual, expected);
    } finally {
      await tmp.cleanup();
    }
  });
}
