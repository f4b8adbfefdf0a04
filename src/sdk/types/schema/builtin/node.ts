/**
 * Schemas of node/v1: RuntimeClasses.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { atomicList, kind, mapOf, message } from './build.js';
import { TOLERATION } from './core-pods.js';
import { OBJECT_META } from './meta.js';
import { QUANTITY, STRING } from './scalars.js';

/** Overhead (node/v1). */
export const OVERHEAD: StructSchema = message('api.node.v1', 'Overhead', 'The resources a runtime needs per pod.', {
  podFixed: [1, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'Fixed resources per pod.'],
});

/** Scheduling (node/v1). */
export const SCHEDULING: StructSchema = message('api.node.v1', 'Scheduling', 'The nodes that support a runtime.', {
  nodeSelector: [1, mapOf(STRING, { atomic: true }), 'Labels those nodes have; merged into the pods\' node selectors.'],
  tolerations: [2, atomicList(TOLERATION), 'Tolerations added to the pods, for taints those nodes have.'],
});

/** RuntimeClass (node/v1). */
export const RUNTIME_CLASS: StructSchema = kind('api.node.v1', 'RuntimeClass', [{ group: GROUPS.node, version: 'v1', kind: 'RuntimeClass' }], 'A container runtime configuration pods can choose.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  handler: [2, STRING, 'The runtime handler on the node (a DNS label); cannot be changed.', 're'],
  overhead: [3, OVERHEAD, 'Resources the runtime uses per pod, added to the pod\'s requests.', 'p'],
  scheduling: [4, SCHEDULING, 'Nodes that support this runtime.', 'p'],
});
