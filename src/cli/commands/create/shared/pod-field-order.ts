/**
 * Go's field order of the structs a Job's spec is made of (k8s.io/api v1.32), for the one object
 * kubectl copies from the server into a typed struct: `create job --from=cronjob/X`. The server's
 * answer has sorted keys; kubectl's `-o json` and `--save-config` print the struct's order.
 * Keys not listed keep their place after the known ones.
 */
import { isStruct, type Struct } from '../../../resource-builders/typed.js';

const OBJECT_META = ['name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields'];
const JOB_SPEC = ['parallelism', 'completions', 'activeDeadlineSeconds', 'podFailurePolicy', 'successPolicy', 'backoffLimit', 'backoffLimitPerIndex', 'maxFailedIndexes', 'selector', 'manualSelector', 'template', 'ttlSecondsAfterFinished', 'completionMode', 'suspend', 'podReplacementPolicy', 'managedBy'];
const POD_SPEC = [
  'volumes', 'initContainers', 'containers', 'ephemeralContainers', 'restartPolicy', 'terminationGracePeriodSeconds', 'activeDeadlineSeconds', 'dnsPolicy', 'nodeSelector',
  'serviceAccountName', 'serviceAccount', 'automountServiceAccountToken', 'nodeName', 'hostNetwork', 'hostPID', 'hostIPC', 'shareProcessNamespace', 'securityContext',
  'imagePullSecrets', 'hostname', 'subdomain', 'affinity', 'schedulerName', 'tolerations', 'hostAliases', 'priorityClassName', 'priority', 'dnsConfig', 'readinessGates',
  'runtimeClassName', 'enableServiceLinks', 'preemptionPolicy', 'overhead', 'topologySpreadConstraints', 'setHostnameAsFQDN', 'os', 'hostUsers', 'schedulingGates',
  'resourceClaims', 'resources',
];
const CONTAINER = [
  'name', 'image', 'command', 'args', 'workingDir', 'ports', 'envFrom', 'env', 'resources', 'resizePolicy', 'restartPolicy', 'volumeMounts', 'volumeDevices',
  'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle', 'terminationMessagePath', 'terminationMessagePolicy', 'imagePullPolicy', 'securityContext',
  'stdin', 'stdinOnce', 'tty',
];
const CONTAINER_PORT = ['name', 'hostPort', 'containerPort', 'protocol', 'hostIP'];
const ENV_VAR = ['name', 'value', 'valueFrom'];
const VOLUME_MOUNT = ['name', 'readOnly', 'recursiveReadOnly', 'mountPath', 'subPath', 'mountPropagation', 'subPathExpr'];

/** `object` with the listed keys first, in that order. */
function ordered(object: Struct, order: readonly string[]): Struct {
  const out: Struct = {};
  for (const key of order) if (key in object) out[key] = object[key];
  for (const [key, value] of Object.entries(object)) if (!(key in out)) out[key] = value;
  return out;
}

function orderedList(list: unknown, order: readonly string[], inner?: (item: Struct) => Struct): unknown {
  return Array.isArray(list) ? list.map((item: unknown) => (isStruct(item) ? ordered(inner === undefined ? item : inner(item), order) : item)) : list;
}

function container(c: Struct): Struct {
  return { ...c, ports: orderedList(c.ports, CONTAINER_PORT), env: orderedList(c.env, ENV_VAR), volumeMounts: orderedList(c.volumeMounts, VOLUME_MOUNT) };
}

function withoutUndefined(object: Struct): Struct {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined));
}

/** A pod spec in Go's field order (containers and their common parts included). */
function podSpec(spec: Struct): Struct {
  const out: Struct = { ...spec };
  for (const key of ['initContainers', 'containers', 'ephemeralContainers']) {
    if (Array.isArray(out[key])) out[key] = orderedList(out[key], CONTAINER, (c) => withoutUndefined(container(c)));
  }
  return ordered(out, POD_SPEC);
}

/** A Job spec (with its pod template) in Go's field order. */
export function jobSpecInFieldOrder(spec: Struct): Struct {
  const out: Struct = { ...spec };
  if (isStruct(out.template)) {
    const t = out.template;
    out.template = {
      metadata: isStruct(t.metadata) ? ordered(t.metadata, OBJECT_META) : t.metadata,
      spec: isStruct(t.spec) ? podSpec(t.spec) : t.spec,
    };
  }
  return ordered(out, JOB_SPEC);
}
