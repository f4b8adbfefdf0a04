/**
 * TaintNodesByCondition (new nodes get `node.platform.io/not-ready:NoSchedule`) and
 * StorageObjectInUseProtection (new claims and volumes get their protection finalizers).
 */
import { FINALIZERS, TAINTS } from '../../../sdk/naming.js';
import { asArray, asObject, asString, metaOf } from '../../util/json.js';
import type { AdmissionPlugin } from '../types.js';

/** TaintNodesByCondition. */
export function taintNodesByCondition(): AdmissionPlugin {
  return {
    name: 'TaintNodesByCondition',
    admit(attrs) {
      if (attrs.operation !== 'CREATE' || attrs.subresource !== '' || !(attrs.def.group === '' && attrs.def.plural === 'nodes')) return;
      const node = attrs.object;
      if (node === undefined) return;
      const spec = asObject(node.spec) ?? {};
      node.spec = spec;
      const taints = asArray(spec.taints) ?? [];
      const has = taints.some((t) => asObject(t)?.key === TAINTS.notReady && asObject(t)?.effect === 'NoSchedule');
      if (!has) spec.taints = [...taints, { key: TAINTS.notReady, effect: 'NoSchedule' }];
    },
  };
}

/** StorageObjectInUseProtection. */
export function storageObjectInUseProtection(): AdmissionPlugin {
  return {
    name: 'StorageObjectInUseProtection',
    admit(attrs) {
      if (attrs.operation !== 'CREATE' || attrs.subresource !== '' || attrs.def.group !== '') return;
      let finalizer: string | undefined;
      if (attrs.def.plural === 'persistentvolumeclaims') finalizer = FINALIZERS.pvcProtection;
      if (attrs.def.plural === 'persistentvolumes') finalizer = FINALIZERS.pvProtection;
      if (finalizer === undefined || attrs.object === undefined) return;
      const meta = metaOf(attrs.object);
      const finalizers = (asArray(meta.finalizers) ?? []).map((f) => asString(f) ?? '');
      if (!finalizers.includes(finalizer)) meta.finalizers = [...finalizers, finalizer];
    },
  };
}
