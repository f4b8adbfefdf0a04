/**
 * `-f` glob patterns as kubectl expands them (Go's filepath.Glob), and a kustomization file met
 * as a `-f` manifest being an error for that file only.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { BadPatternError, compileGlobElement, goGlob } from '../../../../src/sdk/apply/glob.js';
import { readManifests } from '../../../../src/sdk/apply/manifests.js';

let dir: string;
const cm = (name: string): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n`;
const noStdin = () => { throw new Error('no stdin'); };

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'glob-'));
  await mkdir(join(dir, 'm/sub'), { recursive: true });
  await mkdir(join(dir, 'n'), { recursive: true });
  for (const name of ['b.yaml', 'a.yaml', 'c.json', '.hidden.yaml', 'notes.txt']) await writeFile(join(dir, 'm', name), name.endsWith('.txt') ? 'text' : cm(name.replace(/\W/g, '')));
  await writeFile(join(dir, 'm/sub/d.yaml'), cm('d'));
  await writeFile(join(dir, 'n/x.yaml'), cm('x'));
  await writeFile(join(dir, 'n/kustomization.yaml'), 'resources:\n- x.yaml\n');
});

after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("Go's pattern syntax", () => {
  assert.ok(compileGlobElement('*.yaml').test('.hidden.yaml'));
  assert.ok(compileGlobElement('[a-b]?yaml').test('a.yaml'));
  assert.ok(!compileGlobElement('[^a]*').test('a.yaml'));
  assert.ok(compileGlobElement('\\*').test('*'));
  for (const bad of ['[', '[]', 'a\\', '[z-a]', '[-]']) assert.throws(() => compileGlobElement(bad), BadPatternError, bad);
});

test('matches in byte order, directory by directory, relative to the working directory', async () => {
  assert.deepEqual(await goGlob('m/*.yaml', dir), ['m/.hidden.yaml', 'm/a.yaml', 'm/b.yaml']);
  assert.deepEqual(await goGlob('*/*.yaml', dir), ['m/.hidden.yaml', 'm/a.yaml', 'm/b.yaml', 'n/kustomization.yaml', 'n/x.yaml']);
  assert.deepEqual(await goGlob('m/*', dir), ['m/.hidden.yaml', 'm/a.yaml', 'm/b.yaml', 'm/c.json', 'm/notes.txt', 'm/sub']);
  assert.deepEqual(await goGlob('nothing/*.yaml', dir), []);
});

test('-f with a pattern: each match read as a path; no match and bad patterns are kubectl\'s errors', async () => {
  const names = async (sources: string[]): Promise<string[]> => (await readManifests(sources, { cwd: dir, stdin: noStdin })).map((m) => m.object.metadata?.name ?? '');
  assert.deepEqual(await names(['m/[ab].yaml']), ['ayaml', 'byaml']);
  assert.deepEqual(await names(['m/s*']), ['d']);
  await assert.rejects(readManifests(['m/*.yml'], { cwd: dir, stdin: noStdin }), /the path "m\/\*\.yml" does not exist/);
  await assert.rejects(readManifests(['m/[.yaml'], { cwd: dir, stdin: noStdin }), /pattern "m\/\[\.yaml" is not valid: syntax error in pattern/);
});

test('a kustomization file in a -f directory is an error for that file only (when the caller collects them)', async () => {
  const errors: unknown[] = [];
  const manifests = await readManifests(['n'], { cwd: dir, stdin: noStdin, kustomizationErrors: errors });
  assert.deepEqual(manifests.map((m) => m.object.metadata?.name), ['x']);
  assert.equal(errors.length, 1);
  assert.equal((errors[0] as Error).message, 'unable to decode "n/kustomization.yaml": Object \'Kind\' is missing in \'{"resources":["x.yaml"]}\'');
  await assert.rejects(readManifests(['n'], { cwd: dir, stdin: noStdin }), (err: unknown) => (err as { file?: string }).file === 'n/kustomization.yaml');
});
