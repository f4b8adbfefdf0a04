import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError } from '../../../../src/sdk/errors.js';
import { emptyModel, HISTORY_EXTENSION, readHistory, switchContext, switchNamespace } from '../../../../src/sdk/config/index.js';
import type { ConfigModel } from '../../../../src/sdk/config/index.js';

function model(): ConfigModel {
  const m = emptyModel();
  m.contexts.set('dev', { cluster: 'c', user: 'u' });
  m.contexts.set('prod', { cluster: 'c', user: 'u', namespace: 'shop' });
  m.currentContext = 'dev';
  m.preferences.extensions = [{ name: 'someone-else', extension: { keep: true } }];
  return m;
}

test('use-context remembers the context it leaves, and - goes back (and forth)', () => {
  const m = model();
  assert.deepEqual(switchContext(m, 'prod'), { from: 'dev', to: 'prod' });
  assert.equal(readHistory(m).previousContext, 'dev');
  assert.deepEqual(switchContext(m, '-'), { from: 'prod', to: 'dev' });
  assert.deepEqual(switchContext(m, '-'), { from: 'dev', to: 'prod' });
  assert.deepEqual(m.preferences.extensions?.map((e) => e.name), ['someone-else', HISTORY_EXTENSION], 'other extensions are kept');
});

test('use-context - without a previous context, and an unknown context, are errors', () => {
  const m = model();
  assert.throws(() => switchContext(m, '-'), (e: unknown) => e instanceof ConfigError && /no previous context/.test(e.message));
  assert.throws(() => switchContext(m, 'nope'), (e: unknown) => e instanceof ConfigError && e.message === 'no context exists with the name: "nope"');
  assert.equal(m.currentContext, 'dev');
});

test('use-namespace sets the context\'s namespace and - goes back, per context', () => {
  const m = model();
  assert.deepEqual(switchNamespace(m, 'dev', 'team-a'), { context: 'dev', from: 'default', to: 'team-a' });
  assert.equal(m.contexts.get('dev')?.namespace, 'team-a');
  assert.deepEqual(switchNamespace(m, 'prod', 'billing'), { context: 'prod', from: 'shop', to: 'billing' });
  assert.deepEqual(switchNamespace(m, 'dev', '-'), { context: 'dev', from: 'team-a', to: 'default' });
  assert.equal(m.contexts.get('dev')?.namespace, undefined, 'default is the absence of a namespace');
  assert.deepEqual(switchNamespace(m, 'prod', '-'), { context: 'prod', from: 'billing', to: 'shop' });
  assert.throws(() => switchNamespace(emptyModel(), '', 'x'), (e: unknown) => e instanceof ConfigError && e.message === 'current-context is not set');
});

test('a history written by hand with prototype keys stays plain data', () => {
  const m = model();
  m.preferences.extensions = [{ name: HISTORY_EXTENSION, extension: JSON.parse('{"previousNamespaces":{"__proto__":"x","dev":"y"},"previousContext":7}') as unknown }];
  const h = readHistory(m);
  assert.equal(h.previousContext, undefined);
  assert.equal(Object.getPrototypeOf(h.previousNamespaces), null);
  assert.equal(h.previousNamespaces?.dev, 'y');
});
