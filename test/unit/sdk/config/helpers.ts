/**
 * Helpers for config tests: temp directories, fixture files, and config-file access.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (tests run from dist/test; fixtures stay in test/fixtures). */
export const REPO_ROOT = ((): string => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) || !existsSync(path.join(dir, 'test', 'fixtures'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('repository root not found');
    dir = parent;
  }
  return dir;
})();

/** test/fixtures/config. */
export const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures', 'config');

/** The text of a fixture file. */
export function fixture(name: string): string {
  return readFileSync(path.join(FIXTURES, name), 'utf8');
}

/** A temporary directory, removed by `cleanup`. */
export interface TempDir {
  dir: string;
  /** Absolute path of `rel` inside the directory. */
  path(rel: string): string;
  /** Writes `text` at `rel` (creating directories). */
  write(rel: string, text: string): Promise<string>;
  read(rel: string): Promise<string>;
  cleanup(): Promise<void>;
}

/** Creates a temporary directory under the OS temp dir. */
export async function tempDir(prefix = 'platformctl-config-'): Promise<TempDir> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return {
    dir,
    path: (rel) => path.join(dir, rel),
    async write(rel, text) {
      const p = path.join(dir, rel);
      await mkdir(path.dirname(p), { recursive: true });
      await writeFile(p, text);
      return p;
    },
    read: (rel) => readFile(path.join(dir, rel), 'utf8'),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
