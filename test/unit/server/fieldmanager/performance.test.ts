// Apply and update run on every write: they must stay linear in the size of the object.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { schemaFromOpenAPI } from '../../../../src/sdk/types/schema/index.js';
import { apply, cm, update } from './helpers.js';

const SCHEMA = schemaFromOpenAPI({
  type: 'object',
  properties: { spec: { type: 'object', properties: { items: { type: 'array', 'x-platform-list-type': 'map', 'x-platform-list-map-keys': ['name'], items: { type: 'object', properties: { name: { type: 'string' }, value: { type: 'string' } } } } } } },
});

function timed<T>(fn: () => T): [T, number] {
  const started = performance.now();
  const out = fn();
  return [out, performance.now() - started];
}

test('apply and update of a 10,000-item keyed list stay linear (well under 3 s each)', () => {
  const items = (suffix: string): JsonObject[] => Array.from({ length: 10_000 }, (_, i) => ({ name: `item-${i}`, value: `${i}${suffix}` }));
  const cr = (spec: JsonObject): JsonObject => ({ apiVersion: 'example.com/v1', kind: 'Big', metadata: { name: 'big' }, spec });
  const opts = { schema: SCHEMA, apiVersion: 'example.com/v1' };
  const [created, t1] = timed(() => apply(undefined, 'a', cr({ items: items('') }), opts));
  const [reapplied, t2] = timed(() => apply(created, 'a', cr({ items: items('-2').slice(0, 9_000) }), opts));
  const [updated, t3] = timed(() => update(reapplied, 'b', cr({ items: items('-3') }), opts));
  assert.equal((reapplied as JsonObject & { spec: { items: unknown[] } }).spec.items.length, 9_000);
  assert.equal((updated as JsonObject & { spec: { items: unknown[] } }).spec.items.length, 10_000);
  for (const [name, ms] of [['create', t1], ['re-apply with pruning', t2], ['update', t3]] as const) assert.ok(ms < 3000, `${name} took ${Math.round(ms)} ms`);
});

test('a ConfigMap with 10,000 keys', () => {
  const data = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, 'v']));
  const [live, t1] = timed(() => apply(undefined, 'a', cm(data)));
  const [, t2] = timed(() => update(live, 'b', cm({ ...data, k5: 'changed' })));
  assert.ok(t1 < 2000 && t2 < 2000, `${Math.round(t1)} ms, ${Math.round(t2)} ms`);
});
