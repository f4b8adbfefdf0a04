import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

/** The repository root (tests run from dist/test/unit/printers/support). */
export const repoRoot = ((): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
})();

/** Reads a file under test/fixtures/printers. */
export function fixture(path: string): string {
  return readFileSync(join(repoRoot, 'test', 'fixtures', 'printers', path), 'utf8');
}

/** Parses a JSON fixture under test/fixtures/printers. */
export function jsonFixture<T = unknown>(path: string): T {
  return JSON.parse(fixture(path)) as T;
}

/** Path of a golden file under test/golden/printers. */
export function goldenPath(path: string): string {
  return join(repoRoot, 'test', 'golden', 'printers', path);
}

/** Reads a golden file. */
export function readGolden(path: string): string {
  return readFileSync(goldenPath(path), 'utf8');
}

/** True when goldens are being (re)written: `PLATFORMCTL_UPDATE_GOLDEN=1`. */
export const updating = process.env['PLATFORMCTL_UPDATE_GOLDEN'] === '1';

/** Writes a golden file (only in update mode). */
export function writeGolden(path: string, text: string): void {
  const p = goldenPath(path);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, text);
}

/** Asserts `actual` equals the golden file (or writes it in update mode). */
export function assertGolden(path: string, actual: string): void {
  if (updating && !existsSync(goldenPath(path))) writeGolden(path, actual);
  assert.equal(actual, readGolden(path), `output differs from golden ${path}`);
}
