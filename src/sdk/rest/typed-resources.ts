/**
 * Typed accessors (`client.configMaps(ns).get(name)`, `client.namespaces().list()`, ...), generated
 * from one table over the generic {@link ResourceClient}: each entry names the resource and the
 * TypeScript type of its objects; adding a kind is one line here and one in {@link TypedKinds}.
 */
import { GROUPS } from '../naming.js';
import type { ControllerRevision, Deployment, DaemonSet, ReplicaSet, StatefulSet } from '../types/apps.js';
import type { HorizontalPodAutoscaler } from '../types/autoscaling.js';
import type { EndpointSlice } from '../types/endpointslice.js';
import type { SelfSubjectReview, TokenReview } from '../types/authentication.js';
import type { LocalSubjectAccessReview, SelfSubjectAccessReview, SelfSubjectRulesReview, SubjectAccessReview } from '../types/authorization.js';
import type { MutatingWebhookConfiguration, ValidatingWebhookConfiguration } from '../types/admissionregistration.js';
import type { CronJob, Job } from '../types/batch.js';
import type { CertificateSigningRequest } from '../types/certificates.js';
import type { Lease } from '../types/coordination.js';
import type { CustomResourceDefinition } from '../types/apiextensions.js';
import type {
  Binding, ConfigMap, Endpoints, Event, LimitRange, Namespace, Node, PersistentVolume, PersistentVolumeClaim, Pod, PodTemplate, ReplicationController, ResourceQuota, Secret,
  Service, ServiceAccount,
} from '../types/core.js';
import type { Ingress, IngressClass, NetworkPolicy } from '../types/networking.js';
import type { CSIDriver, CSINode, CSIStorageCapacity, StorageClass, VolumeAttachment } from '../types/storage.js';
import type { RuntimeClass } from '../types/node.js';
import type { PodDisruptionBudget } from '../types/policy.js';
import type { PriorityClass } from '../types/scheduling.js';
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding } from '../types/rbac.js';
import type { ResourceClient, ResourceDescriptor } from './resource-client.js';

/** A descriptor whose scope is known at compile time (it decides the accessor's signature). */
type ScopedDescriptor<N extends boolean> = ResourceDescriptor & { namespaced: N };

function core<N extends boolean>(resource: string, kind: string, namespaced: N): ScopedDescriptor<N> {
  return { group: GROUPS.core, version: 'v1', resource, kind, namespaced };
}

function named<N extends boolean>(group: string, version: string, resource: string, kind: string, namespaced: N): ScopedDescriptor<N> {
  return { group, version, resource, kind, namespaced };
}

/** The resource types with typed accessors. */
export const TYPED_RESOURCES = {
  namespaces: core('namespaces', 'Namespace', false),
  nodes: core('nodes', 'Node', false),
  configMaps: core('configmaps', 'ConfigMap', true),
  secrets: core('secrets', 'Secret', true),
  serviceAccounts: core('serviceaccounts', 'ServiceAccount', true),
  pods: core('pods', 'Pod', true),
  services: core('services', 'Service', true),
  endpoints: core('endpoints', 'Endpoints', true),
  events: core('events', 'Event', true),
  persistentVolumeClaims: core('persistentvolumeclaims', 'PersistentVolumeClaim', true),
  persistentVolumes: core('persistentvolumes', 'PersistentVolume', false),
  limitRanges: core('limitranges', 'LimitRange', true),
  resourceQuotas: core('resourcequotas', 'ResourceQuota', true),
  podTemplates: core('podtemplates', 'PodTemplate', true),
  replicationControllers: core('replicationcontrollers', 'ReplicationController', true),
  deployments: named(GROUPS.apps, 'v1', 'deployments', 'Deployment', true),
  replicaSets: named(GROUPS.apps, 'v1', 'replicasets', 'ReplicaSet', true),
  statefulSets: named(GROUPS.apps, 'v1', 'statefulsets', 'StatefulSet', true),
  daemonSets: named(GROUPS.apps, 'v1', 'daemonsets', 'DaemonSet', true),
  jobs: named(GROUPS.batch, 'v1', 'jobs', 'Job', true),
  cronJobs: named(GROUPS.batch, 'v1', 'cronjobs', 'CronJob', true),
  roles: named(GROUPS.rbac, 'v1', 'roles', 'Role', true),
  roleBindings: named(GROUPS.rbac, 'v1', 'rolebindings', 'RoleBinding', true),
  clusterRoles: named(GROUPS.rbac, 'v1', 'clusterroles', 'ClusterRole', false),
  clusterRoleBindings: named(GROUPS.rbac, 'v1', 'clusterrolebindings', 'ClusterRoleBinding', false),
  leases: named(GROUPS.coordination, 'v1', 'leases', 'Lease', true),
  certificateSigningRequests: named(GROUPS.certificates, 'v1', 'certificatesigningrequests', 'CertificateSigningRequest', false),
  tokenReviews: named(GROUPS.authentication, 'v1', 'tokenreviews', 'TokenReview', false),
  selfSubjectReviews: named(GROUPS.authentication, 'v1', 'selfsubjectreviews', 'SelfSubjectReview', false),
  selfSubjectAccessReviews: named(GROUPS.authorization, 'v1', 'selfsubjectaccessreviews', 'SelfSubjectAccessReview', false),
  selfSubjectRulesReviews: named(GROUPS.authorization, 'v1', 'selfsubjectrulesreviews', 'SelfSubjectRulesReview', false),
  subjectAccessReviews: named(GROUPS.authorization, 'v1', 'subjectaccessreviews', 'SubjectAccessReview', false),
  localSubjectAccessReviews: named(GROUPS.authorization, 'v1', 'localsubjectaccessreviews', 'LocalSubjectAccessReview', true),
  mutatingWebhookConfigurations: named(GROUPS.admissionregistration, 'v1', 'mutatingwebhookconfigurations', 'MutatingWebhookConfiguration', false),
  validatingWebhookConfigurations: named(GROUPS.admissionregistration, 'v1', 'validatingwebhookconfigurations', 'ValidatingWebhookConfiguration', false),
  customResourceDefinitions: named(GROUPS.apiextensions, 'v1', 'customresourcedefinitions', 'CustomResourceDefinition', false),
  bindings: core('bindings', 'Binding', true),
  controllerRevisions: named(GROUPS.apps, 'v1', 'controllerrevisions', 'ControllerRevision', true),
  horizontalPodAutoscalers: named(GROUPS.autoscaling, 'v2', 'horizontalpodautoscalers', 'HorizontalPodAutoscaler', true),
  endpointSlices: named(GROUPS.discovery, 'v1', 'endpointslices', 'EndpointSlice', true),
  podDisruptionBudgets: named(GROUPS.policy, 'v1', 'poddisruptionbudgets', 'PodDisruptionBudget', true),
  priorityClasses: named(GROUPS.scheduling, 'v1', 'priorityclasses', 'PriorityClass', false),
  runtimeClasses: named(GROUPS.node, 'v1', 'runtimeclasses', 'RuntimeClass', false),
  storageClasses: named(GROUPS.storage, 'v1', 'storageclasses', 'StorageClass', false),
  volumeAttachments: named(GROUPS.storage, 'v1', 'volumeattachments', 'VolumeAttachment', false),
  csiDrivers: named(GROUPS.storage, 'v1', 'csidrivers', 'CSIDriver', false),
  csiNodes: named(GROUPS.storage, 'v1', 'csinodes', 'CSINode', false),
  csiStorageCapacities: named(GROUPS.storage, 'v1', 'csistoragecapacities', 'CSIStorageCapacity', true),
  ingresses: named(GROUPS.networking, 'v1', 'ingresses', 'Ingress', true),
  ingressClasses: named(GROUPS.networking, 'v1', 'ingressclasses', 'IngressClass', false),
  networkPolicies: named(GROUPS.networking, 'v1', 'networkpolicies', 'NetworkPolicy', true),
} as const satisfies Record<string, ResourceDescriptor>;

/** The object type of each typed accessor. */
export interface TypedKinds {
  namespaces: Namespace;
  nodes: Node;
  configMaps: ConfigMap;
  secrets: Secret;
  serviceAccounts: ServiceAccount;
  pods: Pod;
  services: Service;
  endpoints: Endpoints;
  events: Event;
  persistentVolumeClaims: PersistentVolumeClaim;
  persistentVolumes: PersistentVolume;
  limitRanges: LimitRange;
  resourceQuotas: ResourceQuota;
  podTemplates: PodTemplate;
  replicationControllers: ReplicationController;
  deployments: Deployment;
  replicaSets: ReplicaSet;
  statefulSets: StatefulSet;
  daemonSets: DaemonSet;
  jobs: Job;
  cronJobs: CronJob;
  roles: Role;
  roleBindings: RoleBinding;
  clusterRoles: ClusterRole;
  clusterRoleBindings: ClusterRoleBinding;
  leases: Lease;
  certificateSigningRequests: CertificateSigningRequest;
  tokenReviews: TokenReview;
  selfSubjectReviews: SelfSubjectReview;
  selfSubjectAccessReviews: SelfSubjectAccessReview;
  selfSubjectRulesReviews: SelfSubjectRulesReview;
  subjectAccessReviews: SubjectAccessReview;
  localSubjectAccessReviews: LocalSubjectAccessReview;
  mutatingWebhookConfigurations: MutatingWebhookConfiguration;
  validatingWebhookConfigurations: ValidatingWebhookConfiguration;
  customResourceDefinitions: CustomResourceDefinition;
  bindings: Binding;
  controllerRevisions: ControllerRevision;
  horizontalPodAutoscalers: HorizontalPodAutoscaler;
  endpointSlices: EndpointSlice;
  podDisruptionBudgets: PodDisruptionBudget;
  priorityClasses: PriorityClass;
  runtimeClasses: RuntimeClass;
  storageClasses: StorageClass;
  volumeAttachments: VolumeAttachment;
  csiDrivers: CSIDriver;
  csiNodes: CSINode;
  csiStorageCapacities: CSIStorageCapacity;
  ingresses: Ingress;
  ingressClasses: IngressClass;
  networkPolicies: NetworkPolicy;
}

// Compile-time check that the table and the type map name the same accessors.
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
const tableMatchesKinds: SameKeys<typeof TYPED_RESOURCES, TypedKinds> = true;
void tableMatchesKinds;

/**
 * The typed accessors: namespaced types take an optional namespace (default: the client's), and
 * cluster-scoped types take none.
 */
export type TypedAccessors = {
  [K in keyof TypedKinds]: (typeof TYPED_RESOURCES)[K]['namespaced'] extends true
    ? (namespace?: string) => ResourceClient<TypedKinds[K]>
    : () => ResourceClient<TypedKinds[K]>;
};

/** Builds the accessor functions over a factory of generic clients. */
export function buildTypedAccessors(
  factory: (descriptor: ResourceDescriptor, namespace: string | undefined) => ResourceClient,
): TypedAccessors {
  const accessors: Record<string, (namespace?: string) => ResourceClient> = {};
  for (const [name, descriptor] of Object.entries(TYPED_RESOURCES)) {
    accessors[name] = (namespace?: string) => factory(descriptor, namespace);
  }
  // The loop above builds exactly the keys of TYPED_RESOURCES (checked against TypedKinds at
  // compile time); the object types are phantom, so this widening is sound.
  return accessors as unknown as TypedAccessors;
}
