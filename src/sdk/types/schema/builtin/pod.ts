/** Schemas of pods and pod templates (core/v1 PodSpec, Container, PodStatus), after the Go types' markers. */
import type { StructSchema } from '../type-schema.js';
import { SCALAR_SCHEMA, UNTYPED_STRUCT_SCHEMA } from '../type-schema.js';
import { STRING_MAP, atomicList, conditions, keyedList, mapOf, setList, struct } from './build.js';
import { OBJECT_META } from './meta.js';

const RESOURCES = struct({
  limits: STRING_MAP,
  requests: STRING_MAP,
  claims: keyedList(['name'], UNTYPED_STRUCT_SCHEMA),
});

/** A container (also init and ephemeral containers). */
export const CONTAINER: StructSchema = struct({
  ports: keyedList(['containerPort', 'protocol'], UNTYPED_STRUCT_SCHEMA, { key: 'containerPort' }, { protocol: 'TCP' }),
  env: keyedList(['name'], UNTYPED_STRUCT_SCHEMA, { key: 'name' }),
  resources: RESOURCES,
  volumeMounts: keyedList(['mountPath'], UNTYPED_STRUCT_SCHEMA, { key: 'mountPath' }),
  volumeDevices: keyedList(['devicePath'], UNTYPED_STRUCT_SCHEMA, { key: 'devicePath' }),
}, { present: ['resources'] });

/** The spec of a pod (and of pod templates). */
export const POD_SPEC: StructSchema = struct({
  volumes: keyedList(['name'], UNTYPED_STRUCT_SCHEMA, { key: 'name', strategy: 'merge,retainKeys' }),
  initContainers: keyedList(['name'], CONTAINER, { key: 'name' }),
  containers: keyedList(['name'], CONTAINER, { key: 'name' }),
  ephemeralContainers: keyedList(['name'], CONTAINER, { key: 'name' }),
  nodeSelector: mapOf(SCALAR_SCHEMA, { atomic: true }),
  tolerations: atomicList(),
  readinessGates: atomicList(),
  imagePullSecrets: keyedList(['name'], UNTYPED_STRUCT_SCHEMA, { key: 'name' }),
  hostAliases: keyedList(['ip'], UNTYPED_STRUCT_SCHEMA, { key: 'ip' }),
  topologySpreadConstraints: keyedList(['topologyKey', 'whenUnsatisfiable'], UNTYPED_STRUCT_SCHEMA, { key: 'topologyKey' }),
  schedulingGates: keyedList(['name'], UNTYPED_STRUCT_SCHEMA, { key: 'name' }),
  resourceClaims: keyedList(['name'], UNTYPED_STRUCT_SCHEMA, { key: 'name' }),
  overhead: STRING_MAP,
}, { present: ['containers'] });

/** The status of a pod. */
export const POD_STATUS: StructSchema = struct({
  conditions: conditions(),
  podIPs: keyedList(['ip'], UNTYPED_STRUCT_SCHEMA, { key: 'ip' }),
  hostIPs: keyedList(['ip'], UNTYPED_STRUCT_SCHEMA, { key: 'ip' }),
  resourceClaimStatuses: keyedList(['name'], UNTYPED_STRUCT_SCHEMA, { key: 'name' }),
});

/** A pod template (`spec.template` of the workload kinds). */
export const POD_TEMPLATE_SPEC: StructSchema = struct({ metadata: OBJECT_META, spec: POD_SPEC }, { present: ['metadata', 'spec'] });

/** `uncountedTerminatedPods` of a Job: sets of uids. */
export const UID_SETS: StructSchema = struct({ succeeded: setList(), failed: setList() });
