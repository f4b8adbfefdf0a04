/**
 * The build's file access and kustomization reading: the root restriction, cycles between
 * kustomizations, remote resources, strict kustomization fields, and the build entry point on
 * small trees written for each case.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildKustomization, KustomizeError } from '../../../../src/sdk/kustomize/index.js';
import { FileLoader } from '../../../../src/sdk/kustomize/load/loader.js';
import { looksLikeRemoteRepo } from '../../../../src/sdk/kustomize/load/remote.js';

let root: string;

async function tree(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(root, name);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  return dir;
}

const cm = (name: string): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n`;

before(async () => {
  root = await mkdtemp(join(tmpdir(), 'kustomize-loader-'));
});

after(async () => {
  await rm(root, { recursive: true, force: true });
});

test('files must resolve inside the root (symbolic links too) unless the restriction is lifted', async () => {
  const dir = await tree('restrict', { 'inner/kustomization.yaml': 'resources:\n- ../outer.yaml\n', 'outer.yaml': cm('outer'), 'linked/kustomization.yaml': 'resources:\n- link.yaml\n' });
  await symlink(join(dir, 'outer.yaml'), join(dir, 'linked/link.yaml'));
  await assert.rejects(buildKustomization(join(dir, 'inner')), /security; file '.*outer.yaml' is not in or below '.*inner'/);
  await assert.rejects(buildKustomization(join(dir, 'linked')), /is not in or below/);
  const built = await buildKustomization(join(dir, 'inner'), { loadRestrictor: 'LoadRestrictionsNone' });
  assert.deepEqual(built.objects.map((o) => o.metadata?.name), ['outer']);
});

test('a kustomization that includes itself or an ancestor is a cycle', async () => {
  const dir = await tree('cycle', { 'kustomization.yaml': 'resources:\n- a\n', 'a/kustomization.yaml': 'resources:\n- ../\n' });
  await assert.rejects(buildKustomization(dir), /cycle detected: candidate root '.*cycle' contains visited root/);
});

test('nesting is bounded', async () => {
  const files: Record<string, string> = {};
  let path = '';
  for (let i = 0; i < 6; i++) {
    files[`${path}kustomization.yaml`] = i === 5 ? `resources:\n- cm.yaml\n` : 'resources:\n- d\n';
    path += 'd/';
  }
  files[`${'d/'.repeat(5)}cm.yaml`] = cm('deep');
  const dir = await tree('deep', files);
  assert.equal((await buildKustomization(dir)).objects.length, 1);
  await assert.rejects(buildKustomization(dir, { limits: { maxDepth: 3 } }), /nested deeper than 3 levels/);
  await assert.rejects(buildKustomization(dir, { limits: { maxFileBytes: 10 } }), /larger than 10 bytes/);
});

test('remote resources get one clear error', async () => {
  for (const remote of ['https://github.com/o/r//base?ref=v1', 'github.com/o/r/base', 'git@github.com:o/r.git', 'git::https://example.com/r.git', 'ssh://git@host/r']) {
    assert.ok(looksLikeRemoteRepo(remote) || remote.startsWith('https://'), remote);
  }
  assert.equal(looksLikeRemoteRepo('base/overlay'), false);
  const dir = await tree('remote', { 'kustomization.yaml': 'resources:\n- github.com/example/repo/deploy?ref=v1\n' });
  await assert.rejects(buildKustomization(dir), (err: unknown) => err instanceof KustomizeError && /remote resources are not supported: 'github.com\/example\/repo\/deploy\?ref=v1'/.test(err.message));
  await assert.rejects(FileLoader.at('https://example.com/kustomization'), /remote resources are not supported/);
});

test('kustomization files: strict and case-insensitive fields (as Go decodes JSON), types, kind and apiVersion', async () => {
  const bad = async (name: string, text: string, message: RegExp): Promise<void> => {
    await assert.rejects(buildKustomization(await tree(name, { 'kustomization.yaml': text })), (err: unknown) => err instanceof KustomizeError && message.test(err.message) && err.file?.endsWith('kustomization.yaml') === true, name);
  };
  await bad('unknown', 'namePrefx: a\n', /invalid Kustomization: json: unknown field "namePrefx"/);
  await bad('typed', 'images:\n- name: x\n  newTag: 1.0\n', /json: cannot unmarshal number into Go struct field Image\.images\.newTag of type string/);
  await bad('bool', 'namePrefix: yes\n', /cannot unmarshal bool into Go struct field Kustomization\.namePrefix of type string/);
  await bad('kind', 'kind: Other\nresources: []\n', /kind should be Kustomization or Component/);
  await bad('empty', '', /kustomization.yaml is empty/);
  await bad('helm', 'helmCharts:\n- name: x\n', /helm charts \(helmCharts\) are not supported/);
  const fixed = await buildKustomization(await tree('case', { 'kustomization.yaml': 'NamePrefix: p-\nresources:\n- cm.yaml\n', 'cm.yaml': cm('c') }));
  assert.equal(fixed.objects[0]?.metadata?.name, 'p-c');
  await assert.rejects(buildKustomization(await tree('two-files', { 'kustomization.yaml': 'resources: []\n', 'kustomization.yml': 'resources: []\n' })), /Found multiple kustomization files under/);
  await assert.rejects(buildKustomization(await tree('no-file', { 'x.yaml': cm('x') })), /unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory/);
});

test('deprecated fields warn as kustomize does, and still work', async () => {
  const dir = await tree('deprecated', { 'kustomization.yaml': 'bases:\n- b\ncommonLabels:\n  a: b\n', 'b/kustomization.yaml': 'resources:\n- cm.yaml\n', 'b/cm.yaml': cm('c') });
  const built = await buildKustomization(dir);
  assert.deepEqual(built.warnings, [
    "# Warning: 'bases' is deprecated. Please use 'resources' instead. Run 'kustomize edit fix' to update your Kustomization automatically.",
    "# Warning: 'commonLabels' is deprecated. Please use 'labels' instead. Run 'kustomize edit fix' to update your Kustomization automatically.",
  ]);
  assert.deepEqual(built.objects[0]?.metadata?.labels, { a: 'b' });
});

test('prototype keys are plain keys', async () => {
  const dir = await tree('proto', {
    'kustomization.yaml': 'commonLabels:\n  __proto__: x\nresources:\n- cm.yaml\n',
    'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  __proto__: polluted\n  constructor: c\n',
  });
  const built = await buildKustomization(dir);
  const object = built.objects[0] as { data: Record<string, unknown>; metadata: { labels: Record<string, unknown> } };
  assert.equal(Object.getOwnPropertyDescriptor(object.data, '__proto__')?.value, 'polluted');
  assert.equal(Object.getOwnPropertyDescriptor(object.metadata.labels, '__proto__')?.value, 'x');
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});
