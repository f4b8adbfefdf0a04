/** The registry of built-in kinds' schemas, by group, version and kind. */
import { GROUPS } from '../../../naming.js';
import type { TypeSchema } from '../type-schema.js';
import { CERTIFICATE_SIGNING_REQUEST, CLUSTER_ROLE, CUSTOM_RESOURCE_DEFINITION, LEASE, ROLE, ROLE_BINDING, SCALE, WEBHOOK_CONFIGURATION } from './cluster.js';
import {
  CONFIG_MAP, ENDPOINTS, EVENT, NAMESPACE, NODE, PERSISTENT_VOLUME, PERSISTENT_VOLUME_CLAIM, POD, SECRET, SERVICE, SERVICE_ACCOUNT,
} from './core.js';
import { CRON_JOB, DAEMON_SET, DEPLOYMENT, JOB, REPLICA_SET, STATEFUL_SET } from './workloads.js';
import { CONTROLLER_REVISION, ENDPOINT_SLICE, HORIZONTAL_POD_AUTOSCALER, HORIZONTAL_POD_AUTOSCALER_V1 } from './workload-extras.js';

type Row = readonly [group: string, version: string, kind: string, schema: TypeSchema];

const ROWS: readonly Row[] = [
  [GROUPS.core, 'v1', 'Namespace', NAMESPACE],
  [GROUPS.core, 'v1', 'ConfigMap', CONFIG_MAP],
  [GROUPS.core, 'v1', 'Secret', SECRET],
  [GROUPS.core, 'v1', 'ServiceAccount', SERVICE_ACCOUNT],
  [GROUPS.core, 'v1', 'Service', SERVICE],
  [GROUPS.core, 'v1', 'Endpoints', ENDPOINTS],
  [GROUPS.core, 'v1', 'Event', EVENT],
  [GROUPS.core, 'v1', 'Pod', POD],
  [GROUPS.core, 'v1', 'Node', NODE],
  [GROUPS.core, 'v1', 'PersistentVolume', PERSISTENT_VOLUME],
  [GROUPS.core, 'v1', 'PersistentVolumeClaim', PERSISTENT_VOLUME_CLAIM],
  [GROUPS.apps, 'v1', 'Deployment', DEPLOYMENT],
  [GROUPS.apps, 'v1', 'ReplicaSet', REPLICA_SET],
  [GROUPS.apps, 'v1', 'StatefulSet', STATEFUL_SET],
  [GROUPS.apps, 'v1', 'DaemonSet', DAEMON_SET],
  [GROUPS.batch, 'v1', 'Job', JOB],
  [GROUPS.batch, 'v1', 'CronJob', CRON_JOB],
  [GROUPS.coordination, 'v1', 'Lease', LEASE],
  [GROUPS.rbac, 'v1', 'Role', ROLE],
  [GROUPS.rbac, 'v1', 'ClusterRole', CLUSTER_ROLE],
  [GROUPS.rbac, 'v1', 'RoleBinding', ROLE_BINDING],
  [GROUPS.rbac, 'v1', 'ClusterRoleBinding', ROLE_BINDING],
  [GROUPS.certificates, 'v1', 'CertificateSigningRequest', CERTIFICATE_SIGNING_REQUEST],
  [GROUPS.admissionregistration, 'v1', 'MutatingWebhookConfiguration', WEBHOOK_CONFIGURATION],
  [GROUPS.admissionregistration, 'v1', 'ValidatingWebhookConfiguration', WEBHOOK_CONFIGURATION],
  [GROUPS.apiextensions, 'v1', 'CustomResourceDefinition', CUSTOM_RESOURCE_DEFINITION],
  [GROUPS.autoscaling, 'v1', 'Scale', SCALE],
  [GROUPS.discovery, 'v1', 'EndpointSlice', ENDPOINT_SLICE],
  [GROUPS.apps, 'v1', 'ControllerRevision', CONTROLLER_REVISION],
  [GROUPS.autoscaling, 'v2', 'HorizontalPodAutoscaler', HORIZONTAL_POD_AUTOSCALER],
  [GROUPS.autoscaling, 'v1', 'HorizontalPodAutoscaler', HORIZONTAL_POD_AUTOSCALER_V1],
];

const BY_KEY = new Map<string, TypeSchema>(ROWS.map(([group, version, kind, schema]) => [`${group}/${version}/${kind}`, schema]));

/**
 * The schema of a built-in kind (merge keys, list types, map types of its Go type), or undefined
 * when the kind is not built in (custom resources: see {@link schemaFromOpenAPI}).
 */
export function builtinSchema(group: string, version: string, kind: string): TypeSchema | undefined {
  return BY_KEY.get(`${group}/${version}/${kind}`);
}

/** Group, version and kind of every built-in kind that has a schema. */
export function builtinSchemaKinds(): { group: string; version: string; kind: string }[] {
  return ROWS.map(([group, version, kind]) => ({ group, version, kind }));
}
