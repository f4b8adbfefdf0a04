/**
 * Namespace (core/v1): cluster-scoped, DNS-label names, the immutable `platform.io/metadata.name`
 * label, the `platform.io` spec finalizer that the namespace controller removes after emptying it.
 */
import type { Namespace } from '../../sdk/types/generated/core-v1.js';
import { FINALIZERS, LABELS } from '../../sdk/naming.js';
import { defineKind } from './define.js';
import { namespaceTable } from '../tables/core.js';

function setNameLabel(obj: Namespace): void {
  const meta = (obj.metadata ??= {});
  const name = meta.name;
  if (!name) return;
  (meta.labels ??= {})[LABELS.metadataName] = name;
}

export const namespaceDef = defineKind({
  group: '', version: 'v1', kind: 'Namespace', plural: 'namespaces', shortNames: ['ns'], namespaced: false,
  verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
  nameRule: 'label', status: true, resetStatusOnCreate: false, returnDeletedObject: true,
  extraSubresources: [{ name: 'finalize', responseKind: { group: '', version: 'v1', kind: 'Namespace' }, verbs: ['update'] }],
  fieldSelectors: { 'status.phase': (o) => o.status?.phase ?? '' },
  table: namespaceTable,
  hooks: {
    defaults(obj) {
      obj.spec ??= {};
      setNameLabel(obj);
    },
    prepareForCreate(obj) {
      obj.status = { phase: 'Active' };
      const spec = (obj.spec ??= {});
      spec.finalizers = [FINALIZERS.namespace, ...(spec.finalizers ?? []).filter((f) => f !== FINALIZERS.namespace)];
      setNameLabel(obj);
    },
    prepareForUpdate(obj, old) {
      obj.spec = structuredClone(old.spec ?? {});
      obj.status = structuredClone(old.status ?? {});
      setNameLabel(obj);
    },
    beforeDelete(obj) {
      (obj.status ??= {}).phase = 'Terminating';
    },
    pendingFinalization: (obj) => (obj.spec?.finalizers ?? []).length > 0,
  },
});
