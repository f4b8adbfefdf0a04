/** The registry of the built-in types' schemas, by group, version and kind. */
import type { StructSchema, TypeSchema } from '../../../../machinery/schema/type-schema.js';
import { MUTATING_WEBHOOK_CONFIGURATION, MUTATING_WEBHOOK_CONFIGURATION_V1BETA1, VALIDATING_WEBHOOK_CONFIGURATION, VALIDATING_WEBHOOK_CONFIGURATION_V1BETA1 } from './admissionregistration.js';
import { CUSTOM_RESOURCE_DEFINITION } from './apiextensions.js';
import { CONTROLLER_REVISION, DAEMON_SET, DEPLOYMENT, REPLICA_SET, STATEFUL_SET } from './apps.js';
import { SELF_SUBJECT_REVIEW, SELF_SUBJECT_REVIEW_V1BETA1, TOKEN_REQUEST, TOKEN_REVIEW, TOKEN_REVIEW_V1BETA1 } from './authentication.js';
import { LOCAL_SUBJECT_ACCESS_REVIEW, SELF_SUBJECT_ACCESS_REVIEW, SELF_SUBJECT_RULES_REVIEW, SUBJECT_ACCESS_REVIEW } from './authorization.js';
import { HORIZONTAL_POD_AUTOSCALER, HORIZONTAL_POD_AUTOSCALER_V2, SCALE } from './autoscaling.js';
import { CRON_JOB, JOB } from './batch.js';
import { CERTIFICATE_SIGNING_REQUEST } from './certificates.js';
import { LEASE } from './coordination.js';
import {
  BINDING, CONFIG_MAP, ENDPOINTS, EVENT, LIMIT_RANGE, NAMESPACE, NODE, PERSISTENT_VOLUME, PERSISTENT_VOLUME_CLAIM, POD, POD_TEMPLATE,
  REPLICATION_CONTROLLER, RESOURCE_QUOTA, SECRET, SERVICE, SERVICE_ACCOUNT,
} from './core.js';
import { ENDPOINT_SLICE } from './discovery.js';
import { listKind } from './lists.js';
import { DELETE_OPTIONS, PARTIAL_OBJECT_METADATA, STATUS, WATCH_EVENT } from './meta.js';
import { INGRESS, INGRESS_CLASS, NETWORK_POLICY } from './networking.js';
import { RUNTIME_CLASS } from './node.js';
import { EVICTION, POD_DISRUPTION_BUDGET, POD_DISRUPTION_BUDGET_V1BETA1 } from './policy.js';
import { CLUSTER_ROLE, CLUSTER_ROLE_BINDING, ROLE, ROLE_BINDING } from './rbac.js';
import { PRIORITY_CLASS } from './scheduling.js';
import { CSI_DRIVER, CSI_NODE, CSI_STORAGE_CAPACITY, STORAGE_CLASS, VOLUME_ATTACHMENT } from './storage.js';

/** Kinds whose objects are stored and listed (each has a list type). */
const STORED: readonly StructSchema[] = [
  NAMESPACE, CONFIG_MAP, SECRET, SERVICE_ACCOUNT, SERVICE, ENDPOINTS, EVENT, POD, NODE, PERSISTENT_VOLUME, PERSISTENT_VOLUME_CLAIM,
  LIMIT_RANGE, RESOURCE_QUOTA, POD_TEMPLATE, REPLICATION_CONTROLLER,
  DEPLOYMENT, REPLICA_SET, STATEFUL_SET, DAEMON_SET, JOB, CRON_JOB, LEASE,
  ROLE, CLUSTER_ROLE, ROLE_BINDING, CLUSTER_ROLE_BINDING, CERTIFICATE_SIGNING_REQUEST,
  MUTATING_WEBHOOK_CONFIGURATION, VALIDATING_WEBHOOK_CONFIGURATION, MUTATING_WEBHOOK_CONFIGURATION_V1BETA1, VALIDATING_WEBHOOK_CONFIGURATION_V1BETA1,
  CUSTOM_RESOURCE_DEFINITION, POD_DISRUPTION_BUDGET, POD_DISRUPTION_BUDGET_V1BETA1, PRIORITY_CLASS, RUNTIME_CLASS,
  HORIZONTAL_POD_AUTOSCALER, HORIZONTAL_POD_AUTOSCALER_V2, ENDPOINT_SLICE, CONTROLLER_REVISION,
  STORAGE_CLASS, VOLUME_ATTACHMENT, CSI_DRIVER, CSI_NODE, CSI_STORAGE_CAPACITY,
  INGRESS, INGRESS_CLASS, NETWORK_POLICY,
];

/** Kinds that are only sent (reviews, token requests) or are sub-resources (Scale, Eviction, Binding). */
const TRANSIENT: readonly StructSchema[] = [
  SCALE, EVICTION, BINDING, TOKEN_REQUEST, TOKEN_REVIEW, TOKEN_REVIEW_V1BETA1, SELF_SUBJECT_REVIEW, SELF_SUBJECT_REVIEW_V1BETA1,
  SELF_SUBJECT_ACCESS_REVIEW, SUBJECT_ACCESS_REVIEW, LOCAL_SUBJECT_ACCESS_REVIEW, SELF_SUBJECT_RULES_REVIEW,
];

function key(group: string, version: string, kind: string): string {
  return `${group}/${version}/${kind}`;
}

const KINDS = new Map<string, StructSchema>();
const LISTS = new Map<string, StructSchema>();
for (const schema of [...STORED, ...TRANSIENT]) {
  for (const k of schema.kinds ?? []) KINDS.set(key(k.group, k.version, k.kind), schema);
}
for (const schema of STORED) {
  const list = listKind(schema);
  for (const k of list.kinds ?? []) LISTS.set(key(k.group, k.version, k.kind), list);
}

/**
 * The schema of a built-in kind (fields, types, merge keys, documentation and protobuf field
 * numbers of its Go type), or undefined when the kind is not built in (custom resources: see
 * {@link schemaFromOpenAPI}).
 */
export function builtinSchema(group: string, version: string, kind: string): TypeSchema | undefined {
  return KINDS.get(key(group, version, kind));
}

/** The schema of the list type of a built-in kind (`ConfigMapList`), or undefined. */
export function builtinListSchema(group: string, version: string, listKindName: string): StructSchema | undefined {
  return LISTS.get(key(group, version, listKindName));
}

/** Group, version and kind of every built-in kind that has a schema (list types not included). */
export function builtinSchemaKinds(): { group: string; version: string; kind: string }[] {
  return [...KINDS.keys()].map((k) => {
    const [group = '', version = '', kind = ''] = k.split('/');
    return { group, version, kind };
  });
}

/** The kinds of meta/v1 that every group serves: Status, DeleteOptions, WatchEvent and partial metadata. */
export const META_TYPES = {
  status: STATUS,
  deleteOptions: DELETE_OPTIONS,
  watchEvent: WATCH_EVENT,
  partialObjectMetadata: PARTIAL_OBJECT_METADATA,
  partialObjectMetadataList: listKind(PARTIAL_OBJECT_METADATA),
} as const;
