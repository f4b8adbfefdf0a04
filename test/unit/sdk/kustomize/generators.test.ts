/**
 * ConfigMap and Secret generators: the three key/value sources in kustomize's order, env files,
 * binary files, base64 line wrapping, options and their merging with generatorOptions.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { generateConfigMap, generateSecret, mergeGeneratorOptions } from '../../../../src/sdk/kustomize/generate/generators.js';
import { encodeBase64Lines, parseFileSource } from '../../../../src/sdk/kustomize/generate/kv.js';
import { FileLoader } from '../../../../src/sdk/kustomize/load/loader.js';

let dir: string;
let loader: FileLoader;
const scope = (): boolean => false;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kustomize-gen-'));
  await writeFile(join(dir, 'app.env'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('A=1\n# comment\n\n  B=two=2\nNOVALUE\r\nSP ACE=x\n')]));
  await writeFile(join(dir, 'bin.dat'), Buffer.from([0xff, 0xfe, 0x00, 0x61]));
  await writeFile(join(dir, 'text.txt'), 'line one\nline two\n');
  loader = await FileLoader.at(dir);
});

after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('configmap: envs, then literals (one level of quotes removed), then files; binary files in binaryData', async () => {
  const res = await generateConfigMap(loader, { name: 'c', envs: ['app.env'], literals: ['q="quoted"', "s='single'", 'e='], files: ['text.txt', 'raw=bin.dat'] }, scope);
  assert.deepEqual(res.obj.data, { A: '1', B: 'two=2', NOVALUE: '', 'SP ACE': 'x', e: '', q: 'quoted', s: 'single', 'text.txt': 'line one\nline two\n' });
  assert.deepEqual(res.obj.binaryData, { raw: '//4AYQ==' });
  assert.equal(res.needsHashSuffix(), true);
  assert.equal(res.behavior(), 'unspecified');
});

test('repeated keys and bad sources are errors', async () => {
  await assert.rejects(generateConfigMap(loader, { name: 'c', literals: ['a=1', 'a=2'] }, scope), /configmap c illegally repeats the key `a`/);
  await assert.rejects(generateConfigMap(loader, { name: 'c', literals: ['=1'] }, scope), /invalid literal source =1, expected key=value/);
  await assert.rejects(generateConfigMap(loader, { literals: ['a=1'] }, scope), /a configmap must have a name/);
  assert.throws(() => parseFileSource('a==b'), /key name or file path contains '='/);
  assert.deepEqual(parseFileSource('dir/file.conf'), { key: 'file.conf', file: 'dir/file.conf' });
});

test('secret: every value base64, lines of 70 with newlines once long, type defaulting to Opaque', async () => {
  const res = await generateSecret(loader, { name: 's', literals: ['a=x', `long=${'y'.repeat(60)}`] }, scope);
  assert.equal(res.obj.type, 'Opaque');
  const data = res.obj.data as Record<string, string>;
  assert.equal(data.a, 'eA==');
  assert.equal(data.long, encodeBase64Lines(Buffer.from('y'.repeat(60))));
  assert.match(data.long ?? '', /^.{70}\n.+\n$/s);
  const empty = await generateSecret(loader, { name: 'e', type: 'example/x' }, scope);
  assert.deepEqual(empty.obj, { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'e', annotations: { 'internal.config.platform.io/generatorBehavior': 'unspecified', 'internal.config.platform.io/needsHashSuffix': 'enabled' } }, type: 'example/x', data: {} });
});

test('options: labels, annotations, immutable; local labels win, a global true wins', async () => {
  const merged = mergeGeneratorOptions({ labels: { a: 'local' }, disableNameSuffixHash: false }, { labels: { a: 'global', b: 'g' }, annotations: { n: '1' }, disableNameSuffixHash: true, immutable: true });
  assert.deepEqual(merged, { labels: { a: 'local', b: 'g' }, annotations: { n: '1' }, disableNameSuffixHash: true, immutable: true });
  const res = await generateConfigMap(loader, { name: 'c', literals: ['k=v'], behavior: 'merge', ...(merged === undefined ? {} : { options: merged }) }, scope);
  assert.equal(res.obj.immutable, true);
  assert.deepEqual((res.obj.metadata as { labels: unknown }).labels, { a: 'local', b: 'g' });
  assert.equal(res.needsHashSuffix(), false);
  assert.equal(res.behavior(), 'merge');
});
