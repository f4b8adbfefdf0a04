/**
 * TaintNodesByCondition (new nodes get `node.platform.io/not-ready:NoSchedule`) and
 * StorageObjectInUseProtection (new claims and volumes get their protection finalizers).
 */
import type { Node } from '../../../sdk/types/generated/core-v1.js';
import { FINALIZERS, TAINTS } from '../../../sdk/naming.js';
import { storedAs, type KindDef } from '../../registry/kind-def.js';
import { asArray, asString, metaOf } from '../../util/json.js';
import type { AdmissionPlugin } from '../types.js';

/** TaintNodesByCondition. */
export function taintNodesByCondition(nodes: KindDef<Node>): AdmissionPlugin {
  return {
    name: 'TaintNodesByCondition',
    admit(attrs) {
      if (attrs.operation !== 'CREATE' || attrs.subresource !== '' || !(attrs.def.group === '' && attrs.def.plural === 'nodes')) return;
      if (attrs.object === undefined) return;
      const node = storedAs(nodes, attrs.object);
      const spec = node.spec ?? {};
      node.spec = spec;
      const taints = spec.taints ?? [];
      const has = taints.some((t) => t.key === TAINTS.notReady && t.effect === 'NoSchedule');
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
