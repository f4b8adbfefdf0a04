/**
 * Compile-time half of the agreement between the SDK's types and the schema tables (the runtime
 * half is test/unit/sdk/types/schema/generated-interfaces.test.ts): every typed accessor's kind is
 * exactly its generated interface, and the few hand-kept types agree with the generated ones as
 * far as they are meant to. Compiled by `npm run typecheck` and `npm run build`, never run.
 */
import type { TypedKinds } from '../../src/sdk/rest/typed-resources.js';
import type { TokenRequest } from '../../src/sdk/types/authentication.js';
import type { ConfigMap } from '../../src/sdk/types/core.js';
import type { WatchEvent } from '../../src/sdk/types/watch.js';
import type { TokenRequest as GeneratedTokenRequest } from '../../src/sdk/types/generated/authentication-v1.js';
import type { WatchEvent as GeneratedWatchEvent } from '../../src/sdk/types/generated/meta-v1.js';
import type * as AdmissionregistrationV1 from '../../src/sdk/types/generated/admissionregistration-v1.js';
import type * as ApiextensionsV1 from '../../src/sdk/types/generated/apiextensions-v1.js';
import type * as AppsV1 from '../../src/sdk/types/generated/apps-v1.js';
import type * as AuthenticationV1 from '../../src/sdk/types/generated/authentication-v1.js';
import type * as AuthorizationV1 from '../../src/sdk/types/generated/authorization-v1.js';
import type * as AutoscalingV2 from '../../src/sdk/types/generated/autoscaling-v2.js';
import type * as BatchV1 from '../../src/sdk/types/generated/batch-v1.js';
import type * as CertificatesV1 from '../../src/sdk/types/generated/certificates-v1.js';
import type * as CoordinationV1 from '../../src/sdk/types/generated/coordination-v1.js';
import type * as CoreV1 from '../../src/sdk/types/generated/core-v1.js';
import type * as DiscoveryV1 from '../../src/sdk/types/generated/discovery-v1.js';
import type * as NetworkingV1 from '../../src/sdk/types/generated/networking-v1.js';
import type * as NodeV1 from '../../src/sdk/types/generated/node-v1.js';
import type * as PolicyV1 from '../../src/sdk/types/generated/policy-v1.js';
import type * as RbacV1 from '../../src/sdk/types/generated/rbac-v1.js';
import type * as SchedulingV1 from '../../src/sdk/types/generated/scheduling-v1.js';
import type * as StorageV1 from '../../src/sdk/types/generated/storage-v1.js';

/** `true` when A and B are the same type (each assignable to the other, member by member). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
/** Fails to compile unless T is `true`. */
type Assert<T extends true> = T;

/** Each typed accessor's object type is the generated interface of its kind, not a copy of it. */
export interface TypedKindsAreGenerated {
  namespaces: Assert<Equal<TypedKinds['namespaces'], CoreV1.Namespace>>;
  nodes: Assert<Equal<TypedKinds['nodes'], CoreV1.Node>>;
  configMaps: Assert<Equal<TypedKinds['configMaps'], CoreV1.ConfigMap>>;
  secrets: Assert<Equal<TypedKinds['secrets'], CoreV1.Secret>>;
  serviceAccounts: Assert<Equal<TypedKinds['serviceAccounts'], CoreV1.ServiceAccount>>;
  pods: Assert<Equal<TypedKinds['pods'], CoreV1.Pod>>;
  services: Assert<Equal<TypedKinds['services'], CoreV1.Service>>;
  endpoints: Assert<Equal<TypedKinds['endpoints'], CoreV1.Endpoints>>;
  events: Assert<Equal<TypedKinds['events'], CoreV1.Event>>;
  persistentVolumeClaims: Assert<Equal<TypedKinds['persistentVolumeClaims'], CoreV1.PersistentVolumeClaim>>;
  persistentVolumes: Assert<Equal<TypedKinds['persistentVolumes'], CoreV1.PersistentVolume>>;
  limitRanges: Assert<Equal<TypedKinds['limitRanges'], CoreV1.LimitRange>>;
  resourceQuotas: Assert<Equal<TypedKinds['resourceQuotas'], CoreV1.ResourceQuota>>;
  podTemplates: Assert<Equal<TypedKinds['podTemplates'], CoreV1.PodTemplate>>;
  replicationControllers: Assert<Equal<TypedKinds['replicationControllers'], CoreV1.ReplicationController>>;
  deployments: Assert<Equal<TypedKinds['deployments'], AppsV1.Deployment>>;
  replicaSets: Assert<Equal<TypedKinds['replicaSets'], AppsV1.ReplicaSet>>;
  statefulSets: Assert<Equal<TypedKinds['statefulSets'], AppsV1.StatefulSet>>;
  daemonSets: Assert<Equal<TypedKinds['daemonSets'], AppsV1.DaemonSet>>;
  jobs: Assert<Equal<TypedKinds['jobs'], BatchV1.Job>>;
  cronJobs: Assert<Equal<TypedKinds['cronJobs'], BatchV1.CronJob>>;
  roles: Assert<Equal<TypedKinds['roles'], RbacV1.Role>>;
  roleBindings: Assert<Equal<TypedKinds['roleBindings'], RbacV1.RoleBinding>>;
  clusterRoles: Assert<Equal<TypedKinds['clusterRoles'], RbacV1.ClusterRole>>;
  clusterRoleBindings: Assert<Equal<TypedKinds['clusterRoleBindings'], RbacV1.ClusterRoleBinding>>;
  leases: Assert<Equal<TypedKinds['leases'], CoordinationV1.Lease>>;
  certificateSigningRequests: Assert<Equal<TypedKinds['certificateSigningRequests'], CertificatesV1.CertificateSigningRequest>>;
  tokenReviews: Assert<Equal<TypedKinds['tokenReviews'], AuthenticationV1.TokenReview>>;
  selfSubjectReviews: Assert<Equal<TypedKinds['selfSubjectReviews'], AuthenticationV1.SelfSubjectReview>>;
  selfSubjectAccessReviews: Assert<Equal<TypedKinds['selfSubjectAccessReviews'], AuthorizationV1.SelfSubjectAccessReview>>;
  selfSubjectRulesReviews: Assert<Equal<TypedKinds['selfSubjectRulesReviews'], AuthorizationV1.SelfSubjectRulesReview>>;
  subjectAccessReviews: Assert<Equal<TypedKinds['subjectAccessReviews'], AuthorizationV1.SubjectAccessReview>>;
  localSubjectAccessReviews: Assert<Equal<TypedKinds['localSubjectAccessReviews'], AuthorizationV1.LocalSubjectAccessReview>>;
  mutatingWebhookConfigurations: Assert<Equal<TypedKinds['mutatingWebhookConfigurations'], AdmissionregistrationV1.MutatingWebhookConfiguration>>;
  validatingWebhookConfigurations: Assert<Equal<TypedKinds['validatingWebhookConfigurations'], AdmissionregistrationV1.ValidatingWebhookConfiguration>>;
  customResourceDefinitions: Assert<Equal<TypedKinds['customResourceDefinitions'], ApiextensionsV1.CustomResourceDefinition>>;
  bindings: Assert<Equal<TypedKinds['bindings'], CoreV1.Binding>>;
  controllerRevisions: Assert<Equal<TypedKinds['controllerRevisions'], AppsV1.ControllerRevision>>;
  horizontalPodAutoscalers: Assert<Equal<TypedKinds['horizontalPodAutoscalers'], AutoscalingV2.HorizontalPodAutoscaler>>;
  endpointSlices: Assert<Equal<TypedKinds['endpointSlices'], DiscoveryV1.EndpointSlice>>;
  podDisruptionBudgets: Assert<Equal<TypedKinds['podDisruptionBudgets'], PolicyV1.PodDisruptionBudget>>;
  priorityClasses: Assert<Equal<TypedKinds['priorityClasses'], SchedulingV1.PriorityClass>>;
  runtimeClasses: Assert<Equal<TypedKinds['runtimeClasses'], NodeV1.RuntimeClass>>;
  storageClasses: Assert<Equal<TypedKinds['storageClasses'], StorageV1.StorageClass>>;
  volumeAttachments: Assert<Equal<TypedKinds['volumeAttachments'], StorageV1.VolumeAttachment>>;
  csiDrivers: Assert<Equal<TypedKinds['csiDrivers'], StorageV1.CSIDriver>>;
  csiNodes: Assert<Equal<TypedKinds['csiNodes'], StorageV1.CSINode>>;
  csiStorageCapacities: Assert<Equal<TypedKinds['csiStorageCapacities'], StorageV1.CSIStorageCapacity>>;
  ingresses: Assert<Equal<TypedKinds['ingresses'], NetworkingV1.Ingress>>;
  ingressClasses: Assert<Equal<TypedKinds['ingressClasses'], NetworkingV1.IngressClass>>;
  networkPolicies: Assert<Equal<TypedKinds['networkPolicies'], NetworkingV1.NetworkPolicy>>;
}

/** TokenRequest is the generated type with `spec.audiences` optional: every generated one is one of them. */
export type TokenRequestAgrees = [
  Assert<GeneratedTokenRequest extends TokenRequest ? true : false>,
  Assert<Equal<keyof TokenRequest, keyof GeneratedTokenRequest>>,
  Assert<Equal<keyof TokenRequest['spec'], keyof GeneratedTokenRequest['spec']>>,
  Assert<Equal<Omit<TokenRequest['spec'], 'audiences'>, Omit<GeneratedTokenRequest['spec'], 'audiences'>>>,
];

/**
 * WatchEvent is generic over the watched kind and discriminated by type (an ERROR event carries a
 * Status); the generated one has the same two fields with an untyped object.
 */
export type WatchEventAgrees = [
  Assert<Equal<keyof WatchEvent<ConfigMap>, keyof GeneratedWatchEvent>>,
  Assert<WatchEvent<ConfigMap>['type'] extends GeneratedWatchEvent['type'] ? true : false>,
];
