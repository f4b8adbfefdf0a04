/**
 * Which kinds kustomize knows, and which of them are cluster-scoped. kustomize (kyaml) answers
 * from the OpenAPI document it embeds (Kubernetes 1.21): a kind it does not know is treated as
 * namespaced, so a `namespace:` is added to it. The same list names the kinds whose type schema
 * kustomize uses when it merges patches. A kustomization's `openapi` document adds to the
 * namespace information (see {@link CustomOpenApi}).
 */
import { GROUPS } from '../../naming.js';

const [ADMISSION, APIEXT, APIREG, APPS, AUTOSCALING, BATCH, CERTS, COORD, DISCOVERY, EVENTS, FLOW, NET, NODE, POLICY, RBAC, SCHED, STORAGE] = [
  GROUPS.admissionregistration, GROUPS.apiextensions, GROUPS.apiregistration, GROUPS.apps, GROUPS.autoscaling, GROUPS.batch,
  GROUPS.certificates, GROUPS.coordination, GROUPS.discovery, GROUPS.events, GROUPS.flowcontrol, GROUPS.networking, GROUPS.node,
  GROUPS.policy, GROUPS.rbac, GROUPS.scheduling, GROUPS.storage,
];

/** [apiVersion, kind, namespaced] of every kind of the embedded document. */
const KNOWN: ReadonlyArray<readonly [string, string, boolean]> = [
  [`${ADMISSION}/v1`, 'MutatingWebhookConfiguration', false],
  [`${ADMISSION}/v1`, 'ValidatingWebhookConfiguration', false],
  [`${ADMISSION}/v1beta1`, 'MutatingWebhookConfiguration', false],
  [`${ADMISSION}/v1beta1`, 'ValidatingWebhookConfiguration', false],
  [`${APIEXT}/v1`, 'CustomResourceDefinition', false],
  [`${APIEXT}/v1beta1`, 'CustomResourceDefinition', false],
  [`${APIREG}/v1`, 'APIService', false],
  [`${APIREG}/v1beta1`, 'APIService', false],
  [`${APPS}/v1`, 'ControllerRevision', true],
  [`${APPS}/v1`, 'DaemonSet', true],
  [`${APPS}/v1`, 'Deployment', true],
  [`${APPS}/v1`, 'ReplicaSet', true],
  [`${APPS}/v1`, 'StatefulSet', true],
  [`${AUTOSCALING}/v1`, 'HorizontalPodAutoscaler', true],
  [`${AUTOSCALING}/v1`, 'Scale', true],
  [`${AUTOSCALING}/v2beta1`, 'HorizontalPodAutoscaler', true],
  [`${AUTOSCALING}/v2beta2`, 'HorizontalPodAutoscaler', true],
  [`${BATCH}/v1`, 'CronJob', true],
  [`${BATCH}/v1`, 'Job', true],
  [`${BATCH}/v1beta1`, 'CronJob', true],
  [`${CERTS}/v1`, 'CertificateSigningRequest', false],
  [`${CERTS}/v1beta1`, 'CertificateSigningRequest', false],
  [`${COORD}/v1`, 'Lease', true],
  [`${COORD}/v1beta1`, 'Lease', true],
  [`${DISCOVERY}/v1`, 'EndpointSlice', true],
  [`${DISCOVERY}/v1beta1`, 'EndpointSlice', true],
  [`${EVENTS}/v1`, 'Event', true],
  [`${EVENTS}/v1beta1`, 'Event', true],
  ['extensions/v1beta1', 'Ingress', true],
  [`${FLOW}/v1beta1`, 'FlowSchema', false],
  [`${FLOW}/v1beta1`, 'PriorityLevelConfiguration', false],
  [`${NET}/v1`, 'Ingress', true],
  [`${NET}/v1`, 'IngressClass', false],
  [`${NET}/v1`, 'NetworkPolicy', true],
  [`${NET}/v1beta1`, 'Ingress', true],
  [`${NET}/v1beta1`, 'IngressClass', false],
  [`${NODE}/v1`, 'RuntimeClass', false],
  [`${NODE}/v1beta1`, 'RuntimeClass', false],
  [`${POLICY}/v1`, 'PodDisruptionBudget', true],
  [`${POLICY}/v1beta1`, 'PodDisruptionBudget', true],
  [`${POLICY}/v1beta1`, 'PodSecurityPolicy', false],
  [`${RBAC}/v1`, 'ClusterRole', false],
  [`${RBAC}/v1`, 'ClusterRoleBinding', false],
  [`${RBAC}/v1`, 'Role', true],
  [`${RBAC}/v1`, 'RoleBinding', true],
  [`${RBAC}/v1beta1`, 'ClusterRole', false],
  [`${RBAC}/v1beta1`, 'ClusterRoleBinding', false],
  [`${RBAC}/v1beta1`, 'Role', true],
  [`${RBAC}/v1beta1`, 'RoleBinding', true],
  [`${SCHED}/v1`, 'PriorityClass', false],
  [`${SCHED}/v1beta1`, 'PriorityClass', false],
  [`${STORAGE}/v1`, 'CSIDriver', false],
  [`${STORAGE}/v1`, 'CSINode', false],
  [`${STORAGE}/v1`, 'StorageClass', false],
  [`${STORAGE}/v1`, 'VolumeAttachment', false],
  [`${STORAGE}/v1beta1`, 'CSIDriver', false],
  [`${STORAGE}/v1beta1`, 'CSINode', false],
  [`${STORAGE}/v1beta1`, 'CSIStorageCapacity', true],
  [`${STORAGE}/v1beta1`, 'StorageClass', false],
  [`${STORAGE}/v1beta1`, 'VolumeAttachment', false],
  ['v1', 'ComponentStatus', false],
  ['v1', 'ConfigMap', true],
  ['v1', 'Endpoints', true],
  ['v1', 'Event', true],
  ['v1', 'LimitRange', true],
  ['v1', 'Namespace', false],
  ['v1', 'Node', false],
  ['v1', 'NodeProxyOptions', false],
  ['v1', 'PersistentVolume', false],
  ['v1', 'PersistentVolumeClaim', true],
  ['v1', 'Pod', true],
  ['v1', 'PodAttachOptions', true],
  ['v1', 'PodExecOptions', true],
  ['v1', 'PodPortForwardOptions', true],
  ['v1', 'PodProxyOptions', true],
  ['v1', 'PodTemplate', true],
  ['v1', 'ReplicationController', true],
  ['v1', 'ResourceQuota', true],
  ['v1', 'Secret', true],
  ['v1', 'Service', true],
  ['v1', 'ServiceAccount', true],
  ['v1', 'ServiceProxyOptions', true],
];

const NAMESPACED = new Map<string, boolean>(KNOWN.map(([apiVersion, kind, namespaced]) => [`${apiVersion}|${kind}`, namespaced]));

/** Namespace information from a kustomization's `openapi` document (kinds by `apiVersion|kind`). */
export interface CustomOpenApi {
  namespaced: ReadonlyMap<string, boolean>;
}

/** Whether the embedded document has a schema for this kind. */
export function isKnownKind(apiVersion: string, kind: string): boolean {
  return NAMESPACED.has(`${apiVersion}|${kind}`);
}

/**
 * kyaml's `IsCertainlyClusterScoped`: true only for kinds known to be cluster-scoped (the
 * embedded list first, then the custom document); unknown kinds count as namespaced.
 */
export function isCertainlyClusterScoped(apiVersion: string, kind: string, custom?: CustomOpenApi): boolean {
  const key = `${apiVersion}|${kind}`;
  const known = NAMESPACED.get(key) ?? custom?.namespaced.get(key);
  return known === false;
}
