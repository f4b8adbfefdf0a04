/**
 * The committed completions/ and man/ files, and package.json's `man` list, are exactly what the
 * current command tree generates. When this fails, run `npm run generate` and commit the result.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFiles } from '../../../../src/cli/man/generated-files.js';
import { SHELLS, completionFileName } from '../../../../src/cli/completion/shells.js';
import { runCli } from '../../../support/cli.js';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const HINT = 'the generated files are stale: run `npm run generate` and commit completions/, man/ and package.json';

test('completions/ and man/ match the command tree', async () => {
  const { files } = await generateFiles();
  const stale: string[] = [];
  for (const [rel, text] of files) {
    const file = join(root, rel);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) stale.push(rel);
  }
  for (const dir of ['completions', 'man']) {
    for (const name of existsSync(join(root, dir)) ? readdirSync(join(root, dir)) : []) {
      if (!name.startsWith('.') && !files.has(`${dir}/${name}`)) stale.push(`${dir}/${name} (no longer generated)`);
    }
  }
  assert.deepEqual(stale, [], `${HINT}\ndiffering: ${stale.join(', ')}`);
});

test("package.json lists every man page under 'man'", async () => {
  const { manList } = await generateFiles();
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { man?: string[]; files?: string[] };
  assert.deepEqual(pkg.man, manList, HINT);
  assert.ok(pkg.files?.includes('man/') && pkg.files.includes('completions/'), 'man/ and completions/ are published');
});

test('`platformctl completion SHELL` prints the committed script', async () => {
  for (const shell of SHELLS) {
    const r = await runCli(['completion', shell]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, readFileSync(join(root, 'completions', completionFileName(shell, 'platformctl')), 'utf8'), `${shell}: ${HINT}`);
  }
});

test('completion: missing, unknown or extra shell arguments are errors', async () => {
  assert.deepEqual(await runCli(['completion']), {
    code: 1,
    stdout: '',
    stderr: "error: Shell not specified.\nSee 'platformctl completion -h' for help and examples\n",
  });
  assert.equal((await runCli(['completion', 'tcsh'])).stderr, 'error: Unsupported shell type "tcsh".\nSee \'platformctl completion -h\' for help and examples\n');
  assert.equal((await runCli(['completion', 'bash', 'zsh'])).stderr, "error: Too many arguments. Expected only the shell type.\nSee 'platformctl completion -h' for help and examples\n");
});
