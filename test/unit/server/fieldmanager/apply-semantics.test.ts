// Server-side apply beyond the eleven rules: conflicts on map and list items, force over several
// managers, atomic vs granular markers, list types, entry bookkeeping (separate Apply/Update
// entries, time, order, the cap on Update entries), and typed-object errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { builtinSchema } from '../../../../src/sdk/types/schema/index.js';
import { ANCIENT_CHANGES_MANAGER, ApplyConflictError, applyObject, updateManagedFields } from '../../../../src/server/fieldmanager/index.js';
import { PatchError } from '../../../../src/server/patch/index.js';
import { DEPLOYMENT, apply, cm, entries, fieldsOf, owners, update } from './helpers.js';

const POD = builtinSchema('', 'v1', 'Pod')!;
const SERVICE = builtinSchema('', 'v1', 'Service')!;
const podOpts = { schema: POD };

function conflictOf(fn: () => unknown): ApplyConflictError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApplyConflictError) return error;
    throw error;
  }
  assert.fail('expected an apply conflict');
}

const pod = (spec: JsonObject, metadata: JsonObject = {}): JsonObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', ...metadata }, spec });

test('conflicts on a list item field and on a map entry name the item and the key', () => {
  const live = apply(undefined, 'a', pod({ containers: [{ name: 'nginx', image: 'nginx:1' }] }, { labels: { tier: 'web' } }), podOpts);
  const error = conflictOf(() => apply(live, 'b', pod({ containers: [{ name: 'nginx', image: 'nginx:2' }] }, { labels: { tier: 'db' } }), podOpts));
  assert.deepEqual(error.conflicts.map((c) => c.field), ['.metadata.labels.tier', '.spec.containers[name="nginx"].image']);
  assert.equal(error.message, 'Apply failed with 2 conflicts: conflicts with "a":\n- .metadata.labels.tier\n- .spec.containers[name="nginx"].image');
});

test('conflicts with several managers are grouped by manager', () => {
  let live = apply(undefined, 'a', cm({ x: '1' }));
  live = update(live, 'b', cm({ x: '1', y: '2' }));
  live = update(live, 'c', cm({ x: '1', y: '2', z: '3' }), { subresource: 'status' });
  const error = conflictOf(() => apply(live, 'd', cm({ x: '9', y: '9', z: '9' })));
  assert.equal(error.message, 'Apply failed with 3 conflicts: conflicts with "a":\n- .data.x\nconflicts with "b" using v1:\n- .data.y\nconflicts with "c" with subresource "status" using v1:\n- .data.z');
  const forced = apply(live, 'd', cm({ x: '9', y: '9', z: '9' }), { force: true });
  assert.equal(fieldsOf(forced, 'd'), '{"f:data":{"f:x":{},"f:y":{},"f:z":{}}}');
  assert.equal(fieldsOf(forced, 'a'), undefined);
});

test('a conflict needs a different value: the same value never conflicts', () => {
  const live = update(undefined, 'editor', cm({ a: '1' }));
  const out = apply(live, 'applier', cm({ a: '1' }));
  assert.equal(fieldsOf(out, 'applier'), '{"f:data":{"f:a":{}}}');
  assert.equal(fieldsOf(out, 'editor'), '{"f:data":{".":{},"f:a":{}}}');
});

test('a manager has separate Apply and Update entries, and per subresource', () => {
  let live = apply(undefined, 'm', cm({ a: '1' }));
  live = update(live, 'm', cm({ a: '1', b: '2' }));
  live = update(live, 'm', cm({ a: '1', b: '2', c: '3' }), { subresource: 'status' });
  assert.deepEqual(owners(live), ['m/Apply', 'm/Update', 'm/Update/status']);
});

test('entry times change only when the manager changed something; entries are ordered Apply first, then by time', () => {
  let live = apply(undefined, 'z-applier', cm({ a: '1' }), { now: '2024-05-01T00:00:10Z' });
  live = update(live, 'b-editor', cm({ a: '1', b: '2' }), { now: '2024-05-01T00:00:05Z' });
  live = update(live, 'a-editor', cm({ a: '1', b: '2', c: '3' }), { now: '2024-05-01T00:00:07Z' });
  live = apply(live, 'y-applier', cm({ d: '4' }), { now: '2024-05-01T00:00:01Z' });
  assert.deepEqual(entries(live).map((e) => `${e.operation} ${e.time} ${e.manager}`), [
    'Apply 2024-05-01T00:00:01Z y-applier',
    'Apply 2024-05-01T00:00:10Z z-applier',
    'Update 2024-05-01T00:00:05Z b-editor',
    'Update 2024-05-01T00:00:07Z a-editor',
  ]);
  const again = apply(live, 'z-applier', cm({ a: '1' }), { now: '2024-06-01T00:00:00Z' });
  assert.equal(entries(again).find((e) => e.manager === 'z-applier')?.time, '2024-05-01T00:00:10Z', 'a no-op apply keeps the time');
  const noop = update(live, 'b-editor', cm({ a: '1', b: '2', c: '3', d: '4' }), { now: '2024-06-01T00:00:00Z' });
  assert.equal(entries(noop).find((e) => e.manager === 'b-editor')?.time, '2024-05-01T00:00:05Z', 'a no-op update keeps the time');
});

test('more than ten Update entries: the oldest of a version merge into ancient-changes', () => {
  let live = update(undefined, 'creator', cm({ k0: '0' }), { now: '2024-01-01T00:00:00Z' });
  for (let i = 1; i <= 11; i++) live = update(live, `m${i}`, cm(Object.fromEntries(Array.from({ length: i + 1 }, (_, j) => [`k${j}`, String(j)]))), { now: `2024-01-01T00:00:${String(i).padStart(2, '0')}Z` });
  const names = entries(live).map((e) => e.manager);
  assert.equal(names.length, 10);
  assert.ok(names.includes(ANCIENT_CHANGES_MANAGER));
  assert.ok(!names.includes('creator') && !names.includes('m1') && !names.includes('m2'));
  const bucket = entries(live).find((e) => e.manager === ANCIENT_CHANGES_MANAGER);
  assert.equal(bucket?.time, '2024-01-01T00:00:02Z', 'the bucket takes the time of the newest entry merged into it');
  assert.deepEqual(Object.keys((bucket?.fieldsV1 as { 'f:data': object })['f:data']), ['.', 'f:k0', 'f:k1', 'f:k2']);
});

test('atomic struct (label selector), atomic map (nodeSelector) and atomic list (tolerations) are owned whole', () => {
  const deploy = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { selector: { matchLabels: { app: 'a', tier: 'x' } } } };
  const d = apply(undefined, 'm', deploy, { schema: DEPLOYMENT, apiVersion: 'apps/v1' });
  assert.equal(fieldsOf(d, 'm'), '{"f:spec":{"f:selector":{}}}');
  const p = apply(undefined, 'm', pod({ nodeSelector: { disk: 'ssd' }, tolerations: [{ key: 'k', operator: 'Exists' }] }), podOpts);
  assert.equal(fieldsOf(p, 'm'), '{"f:spec":{"f:nodeSelector":{},"f:tolerations":{}}}');
  // Changing one key of an atomic map conflicts on the whole map, and replaces it.
  const error = conflictOf(() => apply(p, 'n', pod({ nodeSelector: { zone: 'a' } }), podOpts));
  assert.deepEqual(error.conflicts.map((c) => c.field), ['.spec.nodeSelector']);
  const forced = apply(p, 'n', pod({ nodeSelector: { zone: 'a' } }), { ...podOpts, force: true });
  assert.deepEqual((forced as JsonObject & { spec: { nodeSelector: unknown } }).spec.nodeSelector, { zone: 'a' });
});

test('granular maps and structs merge key by key with shared ownership', () => {
  const a = apply(undefined, 'a', cm({ x: '1' }, { labels: { a: '1' } }));
  const b = apply(a, 'b', cm({ y: '2' }, { labels: { b: '2' } }));
  assert.deepEqual(b.metadata?.labels, { a: '1', b: '2' });
  assert.deepEqual((b as JsonObject).data, { x: '1', y: '2' });
  assert.equal(fieldsOf(b, 'b'), '{"f:data":{"f:y":{}},"f:metadata":{"f:labels":{"f:b":{}}}}');
});

test('set lists are owned per value (v:) and map lists per key (k:), with key defaults', () => {
  const live = apply(undefined, 'a', cm({}, { finalizers: ['x.io/a', 'x.io/b'] }));
  assert.equal(fieldsOf(live, 'a'), '{"f:data":{},"f:metadata":{"f:finalizers":{"v:\\"x.io/a\\"":{},"v:\\"x.io/b\\"":{}}}}');
  const svc = apply(undefined, 'a', { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 80, targetPort: 8080 }, { port: 53, protocol: 'UDP' }] } }, { schema: SERVICE });
  assert.equal(fieldsOf(svc, 'a'), '{"f:spec":{"f:ports":{"k:{\\"port\\":53,\\"protocol\\":\\"UDP\\"}":{".":{},"f:port":{},"f:protocol":{}},"k:{\\"port\\":80,\\"protocol\\":\\"TCP\\"}":{".":{},"f:port":{},"f:targetPort":{}}}}}');
  // Another manager adds a port: both kept, in the live order then the new one.
  const two = apply(svc, 'b', { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 443 }] } }, { schema: SERVICE });
  assert.deepEqual((two as JsonObject & { spec: { ports: { port: number }[] } }).spec.ports.map((p) => p.port), [80, 53, 443]);
});

test('merged list order: the configuration orders its items, live-only items keep their place', () => {
  const containers = (names: string[]): JsonObject => pod({ containers: names.map((name) => ({ name, image: name })) });
  let live = apply(undefined, 'a', containers(['a', 'b', 'c']), podOpts);
  live = update(live, 'x', pod({ containers: [{ name: 'a', image: 'a' }, { name: 'x', image: 'x' }, { name: 'b', image: 'b' }, { name: 'c', image: 'c' }] }), podOpts);
  const out = apply(live, 'a', containers(['c', 'b', 'a']), podOpts);
  assert.deepEqual((out as JsonObject & { spec: { containers: { name: string }[] } }).spec.containers.map((c) => c.name), ['x', 'c', 'b', 'a']);
});

test('applied objects must be typable: shapes, list keys, duplicates', () => {
  const bad = (spec: JsonObject, message: RegExp): void => {
    assert.throws(() => apply(undefined, 'm', pod(spec), podOpts), (error: unknown) => {
      assert.ok(error instanceof PatchError);
      assert.deepEqual([error.statusCode, error.reason], [400, 'BadRequest']);
      assert.match(error.message, /^failed to create typed patch object \(default\/p; \/v1, Kind=Pod\): /);
      assert.match(error.message, message);
      return true;
    });
  };
  bad({ containers: [{ image: 'x' }] }, /\.spec\.containers: element 0: associative list with keys has an element that omits key field "name" \(and doesn't have default value\)/);
  bad({ containers: [{ name: 'a' }, { name: 'a' }] }, /\.spec\.containers: duplicate entries for key \[name="a"\]/);
  bad({ containers: 'nope' }, /\.spec\.containers: expected list, got "nope"/);
  bad({ containers: [{ name: 'a', resources: 5 }] }, /\.spec\.containers\[name="a"\]\.resources: expected map, got 5/);
});

test('a no-op apply returns the live object unchanged', () => {
  const live = apply(undefined, 'm', cm({ a: '1' }));
  const again = apply(live, 'm', cm({ a: '1' }));
  assert.deepEqual(again, live);
});

test('reset fields (status on the main resource) are never owned through apply or update', () => {
  const config = { ...pod({ containers: [{ name: 'a', image: 'a' }] }), status: { phase: 'Running' } };
  const owned = applyObject({ live: undefined, applied: config, manager: 'm', apiVersion: 'v1', force: false, schema: POD, now: '2024-01-01T00:00:00Z' });
  assert.ok((fieldsOf(owned, 'm') ?? '').includes('f:status'), 'without reset fields status is owned');
  const applied = applyObject({ live: undefined, applied: config, manager: 'm', apiVersion: 'v1', force: false, schema: POD, now: '2024-01-01T00:00:00Z', resetFields: [['status']] });
  assert.equal(fieldsOf(applied, 'm'), '{"f:spec":{"f:containers":{"k:{\\"name\\":\\"a\\"}":{".":{},"f:image":{},"f:name":{}}}}}');
  // The status subresource resets everything but status: the writer owns status only.
  const status = updateManagedFields({ live: applied, updated: { ...applied, spec: { containers: [{ name: 'a', image: 'b' }] }, status: { phase: 'Failed' } }, manager: 'kubelet', apiVersion: 'v1', schema: POD, now: '2024-01-01T00:00:01Z', subresource: 'status', resetFields: [['spec'], ['metadata']] });
  assert.equal(fieldsOf(status, 'kubelet'), '{"f:status":{"f:phase":{}}}');
});

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

test('frozen stored objects: apply returns an object the caller may change, and decodes from frozen fieldsV1', () => {
  const live = deepFreeze(apply(undefined, 'a', pod({ containers: [{ name: 'c', image: 'i' }] }), podOpts));
  const out = apply(live, 'a', pod({ containers: [{ name: 'c', image: 'j' }] }), podOpts) as JsonObject & { spec: { containers: JsonObject[] } };
  out.spec.containers.push({ name: 'added' });
  (out.metadata as JsonObject).name = 'renamed';
  const same = apply(live, 'a', pod({ containers: [{ name: 'c', image: 'i' }] }), podOpts) as JsonObject & { spec: JsonObject };
  same.spec.extra = true;
  assert.equal((live as JsonObject & { spec: JsonObject }).spec.extra, undefined);
});
