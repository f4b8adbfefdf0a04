/** Golden files under test/golden: compared as text, (re)written with `UPDATE_GOLDEN=1`. */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

const REPO_ROOT = ((): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
})();

/** Compares `actual` with test/golden/<path> (or writes it with UPDATE_GOLDEN=1). */
export async function assertGoldenFile(path: string, actual: string): Promise<void> {
  const file = join(REPO_ROOT, 'test', 'golden', path);
  if (process.env.UPDATE_GOLDEN === '1') {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, actual);
    return;
  }
  if (!existsSync(file)) assert.fail(`missing golden file ${file}; run with UPDATE_GOLDEN=1 to create it`);
  assert.equal(actual, await readFile(file, 'utf8'), `output differs from golden ${path}`);
}
