/**
 * The suite runs only on the Node lines the package declares and CI tests (package.json `engines`):
 * a run on any other version fails here, saying so, instead of passing as if that version were
 * supported.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8')) as { engines?: { node?: string } };

/** The `^MAJOR.MINOR.PATCH` ranges of `engines.node`, as [major, minor, patch]. */
function supportedLines(range: string): [number, number, number][] {
  return range.split('||').map((part) => {
    const m = /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(part);
    if (m === null) throw new Error(`engines.node must be a list of ^MAJOR.MINOR.PATCH ranges, one per supported line: ${JSON.stringify(part)}`);
    return [Number(m[1]), Number(m[2]), Number(m[3])];
  });
}

test('this Node is one of the supported and tested lines', () => {
  const lines = supportedLines(pkg.engines?.node ?? '');
  const [major = 0, minor = 0, patch = 0] = process.versions.node.split('.').map(Number);
  const line = lines.find(([m]) => m === major);
  const names = lines.map(([m]) => m).join(', ');
  assert.ok(line !== undefined, `Node ${process.version} is not a supported line (${names}, from package.json engines): run the tests on one of those, or add the line to engines, .ci/run and the README`);
  const [, minMinor, minPatch] = line;
  assert.ok(minor > minMinor || (minor === minMinor && patch >= minPatch), `Node ${process.version} is older than the supported ${major}.${minMinor}.${minPatch}`);
});
