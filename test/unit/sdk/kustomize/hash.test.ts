/**
 * The generated-name hash: kustomize's own test vectors (ConfigMaps and Secrets), and the quirk
 * that the name never takes part in it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contentHash, hashString } from '../../../../src/sdk/kustomize/generate/hash.js';

test('ConfigMap vectors: data (keys sorted, values as typed), binaryData only when present', () => {
  assert.equal(contentHash({ apiVersion: 'v1', kind: 'ConfigMap' }), '6ct58987ht');
  assert.equal(contentHash({ apiVersion: 'v1', kind: 'ConfigMap', data: { one: '' } }), '9g67k2htb6');
  assert.equal(contentHash({ apiVersion: 'v1', kind: 'ConfigMap', data: { two: 2, one: '', three: 3 } }), '7757f9kkct');
  assert.equal(contentHash({ apiVersion: 'v1', kind: 'ConfigMap', binaryData: { one: '' } }), '6mtk2m274t');
  assert.equal(contentHash({ apiVersion: 'v1', kind: 'ConfigMap', binaryData: { two: 2, one: '', three: 3 } }), '9th7kc28dg');
  assert.equal(contentHash({ apiVersion: 'v1', kind: 'ConfigMap', data: { one: '' }, binaryData: { two: '' } }), '698h7c7t9m');
});

test('Secret vectors: type and data, stringData only when present', () => {
  assert.equal(contentHash({ apiVersion: 'v1', kind: 'Secret', type: 'my-type' }), '5gmgkf8578');
  assert.equal(contentHash({ apiVersion: 'v1', kind: 'Secret', type: 'my-type', data: { one: '' } }), '74bd68bm66');
  assert.equal(contentHash({ apiVersion: 'v1', kind: 'Secret', type: 'my-type', data: { two: 2, one: '', three: 3 } }), '4gf75c7476');
  assert.equal(contentHash({ apiVersion: 'v1', kind: 'Secret', type: 'my-type', data: { one: '' }, stringData: { two: 2 } }), 'c4h4264gdb');
});

test('the name does not take part (kustomize looks it up as one field named "metadata/name")', () => {
  const a = contentHash({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { FOO: 'Bar' } });
  const b = contentHash({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'example-configmap-2' }, data: { FOO: 'Bar' } });
  assert.equal(a, b);
  assert.equal(a, '42cfbf598f');
});

test('encoding: the first ten hex digits, 0 1 3 a e spelled g h k m t', () => {
  assert.equal(hashString(''), 'tkbgc44298');
  assert.match(hashString('anything'), /^[bcdfghjklmnpqrstvwxz2456789]{10}$/);
});

test('only ConfigMaps and Secrets are hashed', () => {
  assert.throws(() => contentHash({ apiVersion: 'v1', kind: 'Service' }), /only ConfigMaps and Secrets/);
});
