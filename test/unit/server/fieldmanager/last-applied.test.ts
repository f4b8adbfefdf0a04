// Taking over from client-side apply: the CLI's manager may apply over fields that client-side
// apply set, as long as they still hold the last-applied values; the annotation follows along.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ANNOTATIONS, FIELD_MANAGER, FIELD_MANAGER_CLIENT_SIDE_APPLY } from '../../../../src/sdk/naming.js';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { ApplyConflictError } from '../../../../src/server/fieldmanager/index.js';
import { apply, cm, fieldsOf, owners, update } from './helpers.js';

const lastApplied = (data: Record<string, string>): string => `${JSON.stringify({ apiVersion: 'v1', data, kind: 'ConfigMap', metadata: { annotations: {}, name: 'cm', namespace: 'default' } })}\n`;

function clientSideApplied(data: Record<string, string>): JsonObject {
  return cm(data, { annotations: { [ANNOTATIONS.lastApplied]: lastApplied(data) } });
}

test('the CLI manager takes over fields client-side apply set, and keeps the annotation in step', () => {
  const live = update(undefined, FIELD_MANAGER_CLIENT_SIDE_APPLY, clientSideApplied({ a: '1' }));
  const out = apply(live, FIELD_MANAGER, cm({ a: '2' }));
  assert.deepEqual((out as JsonObject).data, { a: '2' });
  assert.deepEqual(owners(out), [`${FIELD_MANAGER}/Apply`, `${FIELD_MANAGER_CLIENT_SIDE_APPLY}/Update`]);
  assert.equal(fieldsOf(out, FIELD_MANAGER_CLIENT_SIDE_APPLY), '{"f:data":{},"f:metadata":{"f:annotations":{".":{},"f:platformctl.platform.io/last-applied-configuration":{}}}}');
  assert.equal(out.metadata?.annotations?.[ANNOTATIONS.lastApplied], '{"apiVersion":"v1","data":{"a":"2"},"kind":"ConfigMap","metadata":{"name":"cm","namespace":"default"}}\n');
});

test('a field changed since the last client-side apply still conflicts', () => {
  const live = update(update(undefined, FIELD_MANAGER_CLIENT_SIDE_APPLY, clientSideApplied({ a: '1' })), 'editor', cm({ a: 'edited' }, { annotations: { [ANNOTATIONS.lastApplied]: lastApplied({ a: '1' }) } }));
  assert.throws(() => apply(live, FIELD_MANAGER, cm({ a: '2' })), (error: unknown) => error instanceof ApplyConflictError && error.conflicts[0]?.manager === 'editor');
});

test('other managers get no such allowance', () => {
  const live = update(undefined, FIELD_MANAGER_CLIENT_SIDE_APPLY, clientSideApplied({ a: '1' }));
  assert.throws(() => apply(live, 'someone-else', cm({ a: '2' })), ApplyConflictError);
});

test('stock kubectl\'s manager takes over as well, as the API server names `kubectl` itself', () => {
  const live = update(undefined, 'kubectl-client-side-apply', clientSideApplied({ a: '1' }));
  const out = apply(live, 'kubectl', cm({ a: '2' }));
  assert.deepEqual((out as JsonObject).data, { a: '2' });
  assert.deepEqual(owners(out), ['kubectl/Apply', 'kubectl-client-side-apply/Update']);
  assert.equal(out.metadata?.annotations?.[ANNOTATIONS.lastApplied], '{"apiVersion":"v1","data":{"a":"2"},"kind":"ConfigMap","metadata":{"name":"cm","namespace":"default"}}\n');
});
