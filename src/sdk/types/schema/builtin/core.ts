/** Schemas of the core/v1 kinds other than pods. */
import type { StructSchema } from '../type-schema.js';
import { SCALAR_SCHEMA, UNTYPED_STRUCT_SCHEMA } from '../type-schema.js';
import { STRING_MAP, atomicList, conditions, keyedList, mapOf, setList, struct } from './build.js';
import { LABEL_SELECTOR, kindSchema } from './meta.js';
import { POD_SPEC, POD_STATUS } from './pod.js';

/** Pod (core/v1). */
export const POD = kindSchema({ spec: POD_SPEC, status: POD_STATUS }, ['spec', 'status']);

/** ConfigMap (core/v1): data and binaryData are granular maps. */
export const CONFIG_MAP = kindSchema({ data: STRING_MAP, binaryData: STRING_MAP });

/** Secret (core/v1). */
export const SECRET = kindSchema({ data: STRING_MAP, stringData: STRING_MAP });

/** ServiceAccount (core/v1): secrets keyed by name. */
export const SERVICE_ACCOUNT = kindSchema({
  secrets: keyedList(['name'], UNTYPED_STRUCT_SCHEMA, { key: 'name' }),
});

/** Namespace (core/v1). */
export const NAMESPACE = kindSchema({
  spec: struct({}),
  status: struct({ conditions: conditions() }),
}, ['spec', 'status']);

const SERVICE_SPEC: StructSchema = struct({
  ports: keyedList(['port', 'protocol'], UNTYPED_STRUCT_SCHEMA, { key: 'port' }, { protocol: 'TCP' }),
  selector: mapOf(SCALAR_SCHEMA, { atomic: true }),
});

/** Service (core/v1): ports keyed by port and protocol, merged by port; selector atomic. */
export const SERVICE = kindSchema({
  spec: SERVICE_SPEC,
  status: struct({ conditions: conditions(), loadBalancer: struct({}) }),
}, ['spec', 'status']);

/** Endpoints (core/v1): subsets atomic. */
export const ENDPOINTS = kindSchema({ subsets: atomicList() });

/** Event (core/v1). */
export const EVENT = kindSchema({ involvedObject: struct({}), source: struct({}) }, ['involvedObject', 'source']);

/** Node (core/v1): addresses and conditions keyed by type; taints atomic (deduced). */
export const NODE = kindSchema({
  spec: struct({ podCIDRs: setList({ merge: true }) }),
  status: struct({
    capacity: STRING_MAP,
    allocatable: STRING_MAP,
    conditions: conditions(),
    addresses: keyedList(['type'], UNTYPED_STRUCT_SCHEMA, { key: 'type' }),
    daemonEndpoints: struct({}),
    nodeInfo: struct({}),
  }, { present: ['daemonEndpoints', 'nodeInfo'] }),
}, ['spec', 'status']);

/** PersistentVolume (core/v1). */
export const PERSISTENT_VOLUME = kindSchema({
  spec: struct({ capacity: STRING_MAP }),
  status: struct({}),
}, ['spec', 'status']);

/** PersistentVolumeClaim (core/v1). */
export const PERSISTENT_VOLUME_CLAIM = kindSchema({
  spec: struct({
    selector: LABEL_SELECTOR,
    resources: struct({ limits: STRING_MAP, requests: STRING_MAP }),
  }, { present: ['resources'] }),
  status: struct({
    capacity: STRING_MAP,
    conditions: conditions(),
    allocatedResources: STRING_MAP,
    allocatedResourceStatuses: STRING_MAP,
  }),
}, ['spec', 'status']);
