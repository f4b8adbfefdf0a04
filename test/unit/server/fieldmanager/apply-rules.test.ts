// One test per rule of the spec's "Apply and field management" section (rules 1-11), plus the
// ownership-transfer example. The engine is called as the API server calls it for each request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { ApplyConflictError, validateAppliedObject } from '../../../../src/server/fieldmanager/index.js';
import { PatchError } from '../../../../src/server/patch/index.js';
import { DEPLOYMENT, apply, body, cm, entries, fieldsOf, owners, update } from './helpers.js';

function conflictOf(fn: () => unknown): ApplyConflictError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApplyConflictError) return error;
    throw error;
  }
  assert.fail('expected an apply conflict');
}

test('rule 1: apply merges the configuration and records an Apply entry for the field manager', () => {
  const live = update(undefined, 'creator', cm({ a: '1' }));
  const out = apply(live, 'platformctl', cm({ b: '2' }), { now: '2024-02-03T04:05:06Z' });
  assert.deepEqual((out as JsonObject).data, { a: '1', b: '2' });
  const entry = entries(out).find((e) => e.manager === 'platformctl');
  assert.deepEqual(entry, { manager: 'platformctl', operation: 'Apply', apiVersion: 'v1', time: '2024-02-03T04:05:06Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:b': {} } } });
});

test('rule 2: an applied object must not carry managedFields', () => {
  const config = cm({ a: '1' }, { managedFields: [] });
  assert.equal(validateAppliedObject(config), 'metadata.managedFields must be nil');
  assert.throws(() => apply(undefined, 'm', config), (error: unknown) => error instanceof PatchError && error.statusCode === 400 && error.message === 'metadata.managedFields must be nil');
  assert.equal(validateAppliedObject(cm({ a: '1' }, { managedFields: null })), undefined);
  assert.equal(validateAppliedObject(cm({ a: '1' }), { apiVersion: 'apps/v1', kind: 'Deployment' }), 'invalid object type: /v1, Kind=ConfigMap');
});

test('rule 3: apply creates an object that does not exist', () => {
  const out = apply(undefined, 'm', cm({ a: '1' }, { labels: { app: 'x' } }));
  assert.deepEqual(body(out), cm({ a: '1' }, { labels: { app: 'x' } }));
  assert.equal(fieldsOf(out, 'm'), '{"f:data":{"f:a":{}},"f:metadata":{"f:labels":{"f:app":{}}}}');
});

test('rule 4: updates never conflict and take ownership of what they change', () => {
  const live = apply(undefined, 'applier', cm({ a: '1', b: '2' }));
  const out = update(live, 'editor', { ...cm({ a: 'changed', b: '2', c: '3' }) });
  assert.equal(fieldsOf(out, 'applier'), '{"f:data":{"f:b":{}}}');
  assert.equal(fieldsOf(out, 'editor'), '{"f:data":{"f:a":{},"f:c":{}}}');
});

test('rule 5: applying another value of a field another manager owns conflicts; force, omitting, or the same value resolve it', () => {
  const live = update(apply(undefined, 'applier', cm({ a: '1' })), 'editor', cm({ a: '1', b: '2' }));
  const error = conflictOf(() => apply(live, 'applier', cm({ a: '1', b: 'mine' })));
  assert.deepEqual(error.conflicts.map((c) => [c.manager, c.field, c.message]), [['editor', '.data.b', 'conflict with "editor" using v1']]);
  assert.equal(error.message, 'Apply failed with 1 conflict: conflict with "editor" using v1: .data.b');
  const status = error.toStatus();
  assert.equal(status.code, 409);
  assert.equal(status.reason, 'Conflict');
  assert.deepEqual(status.details?.causes, [{ reason: 'FieldManagerConflict', message: 'conflict with "editor" using v1', field: '.data.b' }]);
  // Force takes the field.
  const forced = apply(live, 'applier', cm({ a: '1', b: 'mine' }), { force: true });
  assert.equal((forced as JsonObject & { data: Record<string, string> }).data.b, 'mine');
  assert.equal(fieldsOf(forced, 'editor'), undefined, 'the editor lost its only field and disappeared');
  assert.equal(fieldsOf(forced, 'applier'), '{"f:data":{"f:a":{},"f:b":{}}}');
  // Omitting it gives it up (nothing to conflict with).
  const omitted = apply(live, 'applier', cm({ a: '1' }));
  assert.equal((omitted as JsonObject & { data: Record<string, string> }).data.b, '2');
  // The same value shares it.
  const shared = apply(live, 'applier', cm({ a: '1', b: '2' }));
  assert.equal(fieldsOf(shared, 'applier'), '{"f:data":{"f:a":{},"f:b":{}}}');
  assert.equal(fieldsOf(shared, 'editor'), '{"f:data":{"f:b":{}}}');
});

test('rule 6: a field the applier stops applying is removed unless another manager owns it (maps and lists too)', () => {
  const live = apply(undefined, 'a', cm({ x: '1', y: '2', z: '3' }, { labels: { l1: 'v', l2: 'v' }, finalizers: ['f1', 'f2'] }));
  const sharedZ = apply(live, 'b', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', finalizers: ['f2'] }, data: { z: '3' } });
  const out = apply(sharedZ, 'a', cm({ x: '1' }, { labels: { l1: 'v' } }));
  assert.deepEqual((out as JsonObject).data, { x: '1', z: '3' });
  assert.deepEqual(out.metadata?.labels, { l1: 'v' });
  assert.deepEqual(out.metadata?.finalizers, ['f2'], 'a set item owned by another manager stays');
  // A keyed list item of a Deployment.
  const deploy = (containers: JsonObject[]): JsonObject => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { template: { spec: { containers } } } });
  const two = apply(undefined, 'a', deploy([{ name: 'one', image: 'i1' }, { name: 'two', image: 'i2' }]), { schema: DEPLOYMENT, apiVersion: 'apps/v1' });
  const one = apply(two, 'a', deploy([{ name: 'one', image: 'i1' }]), { schema: DEPLOYMENT, apiVersion: 'apps/v1' });
  assert.deepEqual((one as JsonObject & { spec: { template: { spec: { containers: JsonObject[] } } } }).spec.template.spec.containers, [{ name: 'one', image: 'i1' }]);
  // An item another applier also owns stays.
  const sharedItem = apply(two, 'b', deploy([{ name: 'two', image: 'i2' }]), { schema: DEPLOYMENT, apiVersion: 'apps/v1' });
  const kept = apply(sharedItem, 'a', deploy([{ name: 'one', image: 'i1' }]), { schema: DEPLOYMENT, apiVersion: 'apps/v1' });
  assert.deepEqual((kept as JsonObject & { spec: { template: { spec: { containers: JsonObject[] } } } }).spec.template.spec.containers, [{ name: 'one', image: 'i1' }, { name: 'two', image: 'i2' }]);
  // Owning a field inside an item does not keep the item itself: the item is removed whole.
  const updated = update(two, 'editor', deploy([{ name: 'one', image: 'i1' }, { name: 'two', image: 'i2', command: ['x'] }]), { schema: DEPLOYMENT, apiVersion: 'apps/v1' });
  assert.equal(fieldsOf(updated, 'editor'), '{"f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\\"name\\":\\"two\\"}":{"f:command":{}}}}}}}');
  const gone = apply(updated, 'a', deploy([{ name: 'one', image: 'i1' }]), { schema: DEPLOYMENT, apiVersion: 'apps/v1' });
  assert.deepEqual((gone as JsonObject & { spec: { template: { spec: { containers: JsonObject[] } } } }).spec.template.spec.containers, [{ name: 'one', image: 'i1' }]);
});

test('rule 7: two appliers with the same value share the field, and a later change by either conflicts', () => {
  const one = apply(undefined, 'first', cm({ a: '1' }));
  const both = apply(one, 'second', cm({ a: '1' }));
  assert.equal(fieldsOf(both, 'first'), '{"f:data":{"f:a":{}}}');
  assert.equal(fieldsOf(both, 'second'), '{"f:data":{"f:a":{}}}');
  const error = conflictOf(() => apply(both, 'first', cm({ a: '2' })));
  assert.deepEqual(error.conflicts.map((c) => `${c.manager} ${c.field} ${c.message}`), ['second .data.a conflict with "second"']);
  // An update changing it takes it from both without conflict.
  const taken = update(both, 'editor', cm({ a: '3' }));
  assert.deepEqual(owners(taken), ['editor/Update']);
});

test('rule 8: a manager left without fields disappears', () => {
  const live = update(apply(undefined, 'applier', cm({ a: '1' })), 'other', cm({ a: '1', b: '2' }));
  assert.deepEqual(owners(live), ['applier/Apply', 'other/Update']);
  const out = update(live, 'third', cm({ a: '9', b: '9' }));
  assert.deepEqual(owners(out), ['third/Update']);
  const emptied = apply(apply(undefined, 'x', cm({ a: '1' })), 'x', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default' } });
  assert.deepEqual(owners(emptied), []);
  assert.equal(emptied.metadata?.managedFields, undefined);
  assert.equal((emptied as JsonObject).data, undefined, 'what it owned alone was removed');
});

test('rule 9: [{}] clears managedFields, an empty list does not, and a clearing request owns what it changes', () => {
  const live = update(apply(undefined, 'applier', cm({ a: '1' })), 'editor', cm({ a: '1', b: '2' }));
  const cleared = update(live, 'clearer', cm({ a: '1', b: '2' }, { managedFields: [{}] }));
  assert.equal(cleared.metadata?.managedFields, undefined);
  const kept = update(live, 'clearer', cm({ a: '1', b: '2' }, { managedFields: [] }));
  assert.deepEqual(owners(kept), ['applier/Apply', 'editor/Update']);
  const resetAndChange = update(live, 'clearer', cm({ a: '1', b: '2', c: '3' }, { managedFields: [{}] }));
  assert.deepEqual(owners(resetAndChange), ['clearer/Update']);
  assert.equal(fieldsOf(resetAndChange, 'clearer'), '{"f:data":{"f:c":{}}}');
  // A request that sends valid managedFields has them taken as given.
  const given = update(live, 'writer', cm({ a: '1', b: '2' }, { managedFields: [{ manager: 'someone', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {} } } }] }));
  assert.deepEqual(owners(given), ['someone/Update']);
  // Invalid ones are ignored (the stored ones stay).
  const invalid = update(live, 'writer', cm({ a: '1', b: '2' }, { managedFields: [{ manager: 'x', operation: 'Nope' }] }));
  assert.deepEqual(owners(invalid), ['applier/Apply', 'editor/Update']);
  // After clearing, an apply first records the existing fields for "before-first-apply", and conflicts with it.
  const error = conflictOf(() => apply(cleared, 'applier', cm({ a: 'new' })));
  assert.deepEqual(error.conflicts.map((c) => `${c.field} ${c.message}`), ['.data.a conflict with "before-first-apply" using v1']);
  const forced = apply(cleared, 'applier', cm({ a: 'new' }), { force: true });
  assert.deepEqual(owners(forced), ['applier/Apply', 'before-first-apply/Update']);
  assert.equal(fieldsOf(forced, 'before-first-apply'), '{"f:data":{".":{},"f:b":{}}}');
});

test('rule 10: subresource writes have their own entries and cannot rewrite managedFields', () => {
  const live = apply(undefined, 'm', cm({ a: '1' }));
  const status = update(live, 'm', cm({ a: '2' }, { managedFields: [{}] }), { subresource: 'status' });
  assert.deepEqual(owners(status), ['m/Update/status']);
  const applied = apply(status, 'm', cm({ a: '2', s: 'x' }), { subresource: 'status' });
  assert.deepEqual(owners(applied), ['m/Apply/status', 'm/Update/status']);
});

test('rule 11: a controller applying with force takes what it sets without reading first', () => {
  const live = apply(update(undefined, 'user', cm({ a: 'user', b: 'user' })), 'other', cm({ b: 'user' }));
  const out = apply(live, 'controller', cm({ a: 'ctl', b: 'ctl' }), { force: true });
  assert.deepEqual((out as JsonObject).data, { a: 'ctl', b: 'ctl' });
  assert.deepEqual(owners(out), ['controller/Apply', 'user/Update']);
  // The creator keeps only the data map it created (its "." entry), not the values.
  assert.equal(fieldsOf(out, 'user'), '{"f:data":{}}');
});

test('the spec example: transferring ownership of replicas to a controller', () => {
  const opts = { schema: DEPLOYMENT, apiVersion: 'apps/v1' };
  const userConfig = (replicas?: number): JsonObject => ({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
    spec: { ...(replicas === undefined ? {} : { replicas }), selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } } },
  });
  let live = apply(undefined, 'platformctl', userConfig(3), opts);
  // 1. Apply a config holding only replicas with a dedicated manager: same value, shared, no conflict.
  live = apply(live, 'handover-to-hpa', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 3 } }, opts);
  // The apply changed nothing, so (as on a real server) its entry has no time and sorts first.
  assert.deepEqual(owners(live), ['handover-to-hpa/Apply', 'platformctl/Apply']);
  assert.equal(entries(live)[0]?.time, undefined);
  // 2. Drop the field from the user's config: it stays, owned by the handover manager.
  live = apply(live, 'platformctl', userConfig(), opts);
  assert.equal((live as JsonObject & { spec: { replicas: number } }).spec.replicas, 3);
  assert.equal(fieldsOf(live, 'handover-to-hpa'), '{"f:spec":{"f:replicas":{}}}');
  assert.ok(!(fieldsOf(live, 'platformctl') ?? '').includes('replicas'));
  // 3. The controller writes replicas: the temporary manager disappears.
  const scaled = structuredClone(live) as JsonObject & { spec: { replicas: number } };
  scaled.spec.replicas = 5;
  live = update(live, 'hpa-controller', scaled, { ...opts, subresource: 'scale' });
  assert.deepEqual(owners(live), ['platformctl/Apply', 'hpa-controller/Update/scale']);
  assert.equal(fieldsOf(live, 'hpa-controller'), '{"f:spec":{"f:replicas":{}}}');
  // The user's later applies no longer touch replicas, and do not conflict.
  live = apply(live, 'platformctl', userConfig(), opts);
  assert.equal((live as JsonObject & { spec: { replicas: number } }).spec.replicas, 5);
  // If the user applied replicas again, it would conflict with the controller.
  const error = conflictOf(() => apply(live, 'platformctl', userConfig(2), opts));
  assert.deepEqual(error.conflicts.map((c) => `${c.field} ${c.message}`), ['.spec.replicas conflict with "hpa-controller" with subresource "scale" using apps/v1']);
});
