import { test } from 'node:test';
import assert from 'node:assert/strict';
import { annotationPath, fieldsOwners, upgradeManagedFieldsPatch } from '../../../../src/sdk/apply/csa-upgrade.js';
import type { KubeObject, ManagedFieldsEntry } from '../../../../src/sdk/types/meta.js';

const LAST_APPLIED = 'platformctl.platform.io/last-applied-configuration';

function object(managedFields: ManagedFieldsEntry[]): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'test', resourceVersion: '7', managedFields } };
}

const csa: ManagedFieldsEntry = {
  manager: 'platformctl-client-side-apply', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1',
  fieldsV1: { 'f:data': { '.': {}, 'f:key': {}, 'f:legacy': {} }, 'f:metadata': { 'f:annotations': { '.': {}, [`f:${LAST_APPLIED}`]: {} } } },
};
const ssa: ManagedFieldsEntry = { manager: 'platformctl', operation: 'Apply', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:key': {} } } };

test('the client-side manager that owns the last-applied annotation is found', () => {
  assert.deepEqual(fieldsOwners([ssa, csa], 'Update', annotationPath(LAST_APPLIED)).map((e) => e.manager), ['platformctl-client-side-apply']);
  assert.deepEqual(fieldsOwners([ssa, csa], 'Apply', annotationPath(LAST_APPLIED)), []);
});

test('csaupgrade: the client-side fields join the server-side manager, the client-side entry goes', () => {
  const patch = upgradeManagedFieldsPatch(object([ssa, csa]), new Set(['platformctl-client-side-apply']), 'platformctl');
  assert.deepEqual(patch, [
    {
      op: 'replace', path: '/metadata/managedFields', value: [{
        ...ssa,
        fieldsV1: { 'f:data': { 'f:key': {}, '.': {}, 'f:legacy': {} }, 'f:metadata': { 'f:annotations': { '.': {}, [`f:${LAST_APPLIED}`]: {} } } },
      }],
    },
    { op: 'replace', path: '/metadata/resourceVersion', value: '7' },
  ]);
});

test('csaupgrade: without a server-side manager the newest client-side entry becomes it; nothing to do gives no patch', () => {
  const patch = upgradeManagedFieldsPatch(object([csa]), new Set(['platformctl-client-side-apply']), 'platformctl');
  assert.deepEqual((patch?.[0] as { value: ManagedFieldsEntry[] }).value.map((e) => [e.manager, e.operation]), [['platformctl', 'Apply']]);
  assert.equal(upgradeManagedFieldsPatch(object([ssa]), new Set(['platformctl-client-side-apply']), 'platformctl'), undefined);
});
