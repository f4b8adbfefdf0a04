import assert from 'node:assert/strict';
import { test } from 'node:test';
import { emptyModel, importConfig } from '../../../../src/sdk/config/index.js';
import type { ConfigModel } from '../../../../src/sdk/config/index.js';

function ours(): ConfigModel {
  const m = emptyModel();
  m.clusters.set('prod', { server: 'https://prod.example:6443' });
  m.users.set('me', { token: 'a' });
  m.contexts.set('prod', { cluster: 'prod', user: 'me' });
  m.currentContext = 'prod';
  return m;
}

function theirs(): ConfigModel {
  const m = emptyModel();
  m.clusters.set('prod', { server: 'https://other.example:6443', 'certificate-authority': 'ca.crt' });
  m.clusters.set('stage', { server: 'https://stage.example:6443' });
  m.users.set('me', { token: 'a' });
  m.contexts.set('prod', { cluster: 'prod', user: 'me' });
  m.currentContext = 'prod';
  return m;
}

test('entries are added, equal ones left, conflicts refused by default (nothing of theirs replaces ours)', () => {
  const m = ours();
  const report = importConfig(m, theirs(), '/srv/other.yaml', '/srv', 'refuse');
  assert.deepEqual(report.map((r) => [r.kind, r.name, r.result]), [
    ['clusters', 'prod', 'conflict'], ['clusters', 'stage', 'added'], ['users', 'me', 'unchanged'], ['contexts', 'prod', 'unchanged'],
  ]);
  assert.equal(m.clusters.get('prod')?.server, 'https://prod.example:6443');
});

test('rename: a conflicting cluster comes in under a new name and their context follows it', () => {
  const m = ours();
  const report = importConfig(m, theirs(), '/srv/other.yaml', '/srv', 'rename');
  assert.deepEqual(report.filter((r) => r.result === 'renamed').map((r) => [r.kind, r.name, r.newName]), [['clusters', 'prod', 'prod-2'], ['contexts', 'prod', 'prod-2']]);
  assert.deepEqual(m.clusters.get('prod-2'), { server: 'https://other.example:6443', 'certificate-authority': '/srv/ca.crt' });
  assert.deepEqual(m.contexts.get('prod-2'), { cluster: 'prod-2', user: 'me' });
  assert.equal(m.currentContext, 'prod', 'the current context is not changed');
});

test('skip and overwrite', () => {
  const skipped = ours();
  importConfig(skipped, theirs(), 'f', '/srv', 'skip');
  assert.equal(skipped.clusters.get('prod')?.server, 'https://prod.example:6443');
  const over = ours();
  importConfig(over, theirs(), 'f', '/srv', 'overwrite');
  assert.equal(over.clusters.get('prod')?.server, 'https://other.example:6443');
});
