/**
 * Namespace (core/v1): cluster-scoped, DNS-label names, the immutable `platform.io/metadata.name`
 * label, the `platform.io` spec finalizer that the namespace controller removes after emptying it.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { FINALIZERS, LABELS } from '../../sdk/naming.js';
import { asArray, asObject, asString, metaOf } from '../util/json.js';
import { defineKind } from './define.js';
import { namespaceTable } from '../tables/core.js';

function setNameLabel(obj: JsonObject): void {
  const meta = metaOf(obj);
  const name = asString(meta.name);
  if (name === undefined || name === '') return;
  const labels = asObject(meta.labels) ?? {};
  labels[LABELS.metadataName] = name;
  meta.labels = labels;
}

export const namespaceDef = defineKind({
  group: '', version: 'v1', kind: 'Namespace', plural: 'namespaces', shortNames: ['ns'], namespaced: false,
  verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
  nameRule: 'label', status: true, resetStatusOnCreate: false, returnDeletedObject: true,
  extraSubresources: [{ name: 'finalize', responseKind: { group: '', version: 'v1', kind: 'Namespace' }, verbs: ['update'] }],
  fieldSelectors: { 'status.phase': (o) => asString(asObject(o.status)?.phase) ?? '' },
  table: namespaceTable,
  hooks: {
    defaults(obj) {
      const spec = asObject(obj.spec) ?? {};
      obj.spec = spec;
      setNameLabel(obj);
    },
    prepareForCreate(obj) {
      obj.status = { phase: 'Active' };
      const spec = asObject(obj.spec) ?? {};
      const finalizers = (asArray(spec.finalizers) ?? []).filter((f) => f !== FINALIZERS.namespace);
      spec.finalizers = [FINALIZERS.namespace, ...finalizers];
      obj.spec = spec;
      setNameLabel(obj);
    },
    prepareForUpdate(obj, old) {
      obj.spec = structuredClone(asObject(old.spec) ?? {});
      obj.status = structuredClone(asObject(old.status) ?? {});
      setNameLabel(obj);
    },
    beforeDelete(obj) {
      const status = asObject(obj.status) ?? {};
      status.phase = 'Terminating';
      obj.status = status;
    },
    pendingFinalization: (obj) => (asArray(asObject(obj.spec)?.finalizers) ?? []).length > 0,
  },
});
