/**
 * `platformctl kustomize`: output to stdout, to a file, one file per object into a directory,
 * warnings on stderr, and kubectl's messages for bad invocations.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli } from '../../../support/cli.js';

let dir: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kustomize-cli-'));
  await writeFile(join(dir, 'kustomization.yaml'), 'commonLabels:\n  app: demo\nresources:\n- objects.yaml\n');
  await writeFile(join(dir, 'objects.yaml'), [
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: one\n  namespace: a\n',
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: two\n  namespace: b\n',
    'apiVersion: rbac.authorization.platform.io/v1\nkind: ClusterRole\nmetadata:\n  name: Reader\n',
  ].join('---\n'));
});

after(async () => {
  await rm(dir, { recursive: true, force: true });
});

const WARNING = "# Warning: 'commonLabels' is deprecated. Please use 'labels' instead. Run 'kustomize edit fix' to update your Kustomization automatically.\n";
const EXPECTED = [
  'apiVersion: rbac.authorization.platform.io/v1\nkind: ClusterRole\nmetadata:\n  labels:\n    app: demo\n  name: Reader\n',
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels:\n    app: demo\n  name: one\n  namespace: a\n',
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels:\n    app: demo\n  name: two\n  namespace: b\n',
].join('---\n');

test('prints the documents separated by ---, warnings on stderr; the directory defaults to .', async () => {
  assert.deepEqual(await runCli(['kustomize', dir]), { code: 0, stdout: EXPECTED, stderr: WARNING });
  assert.deepEqual(await runCli(['kustomize'], { cwd: dir }), { code: 0, stdout: EXPECTED, stderr: WARNING });
});

test('-o FILE writes the same text; -o DIR writes one file per object, namespaced when there are several namespaces', async () => {
  const file = join(dir, 'out.yaml');
  assert.deepEqual(await runCli(['kustomize', dir, '-o', file]), { code: 0, stdout: '', stderr: WARNING });
  assert.equal(await readFile(file, 'utf8'), EXPECTED);
  const out = join(dir, 'out');
  await mkdir(out);
  assert.equal((await runCli(['kustomize', dir, '-o', out])).code, 0);
  assert.deepEqual((await readdir(out)).sort(), ['a_v1_configmap_one.yaml', 'b_v1_configmap_two.yaml', 'rbac.authorization.platform.io_v1_clusterrole_reader.yaml']);
  assert.equal(await readFile(join(out, 'a_v1_configmap_one.yaml'), 'utf8'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels:\n    app: demo\n  name: one\n  namespace: a\n');
});

test("kubectl's errors for bad invocations and bad trees", async () => {
  assert.deepEqual(await runCli(['kustomize', 'a', 'b']), { code: 1, stdout: '', stderr: 'error: specify one path to kustomization.yaml\n' });
  assert.deepEqual(await runCli(['kustomize', dir, '--load-restrictor=foo']), { code: 1, stdout: '', stderr: 'error: illegal flag value --load-restrictor foo; legal values: [LoadRestrictionsRootOnly LoadRestrictionsNone]\n' });
  const missing = await runCli(['kustomize', join(dir, 'nope')]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /^error: must build at directory: not a valid directory: evalsymlink failure on '.*nope' : lstat .*nope: no such file or directory\n$/);
});

test('help names the flags kubectl kustomize has that make sense here', async () => {
  const help = await runCli(['kustomize', '--help']);
  assert.equal(help.code, 0);
  for (const flag of ['--load-restrictor', '-o, --output', '--enable-helm', '--enable-alpha-plugins']) assert.ok(help.stdout.includes(flag), flag);
});
