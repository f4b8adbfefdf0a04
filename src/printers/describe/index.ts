/**
 * The describe printers: pure functions from an object, the related objects the caller
 * fetched, and a clock reading to kubectl's `describe` text.
 *
 * @packageDocumentation
 */
export { describeObject, relatedNeeds } from './describe.js';
export type { DescribeRelated, RelatedNeeds } from './describe.js';
export { describeGeneric, printUnstructuredContent } from './generic.js';
export { describePod, podQosClass } from './pod.js';
export { describeNode, nodeRoles } from './node.js';
export type { NodeLease } from './node.js';
export { describeDeployment } from './deployment.js';
export type { DeploymentReplicaSets } from './deployment.js';
export { describeReplicaSet } from './replicaset.js';
export type { SelectedPods } from './replicaset.js';
export { describeStatefulSet } from './statefulset.js';
export { describeDaemonSet } from './daemonset.js';
export { describeCronJob, describeJob } from './job.js';
export { describeService } from './service.js';
export { describeEndpoints, describeEndpointSlice, formatEndpointSlices } from './endpoints.js';
export { describeIngress, describeIngressClass, ingressServiceNames } from './ingress.js';
export type { IngressBackendService } from './ingress.js';
export { describeHorizontalPodAutoscaler, describeHorizontalPodAutoscalerV1 } from './horizontal-pod-autoscaler.js';
export { describePersistentVolume } from './persistent-volume.js';
export { describePersistentVolumeClaim } from './persistent-volume-claim.js';
export { describeStorageClass } from './storage-class.js';
export { describePodDisruptionBudget, describePriorityClass } from './policy.js';
export { describeLimitRange, describeResourceQuota } from './quota.js';
export { describeRole, describeRoleBinding } from './rbac.js';
export { describeServiceAccount } from './service-account.js';
export { describeCertificateSigningRequest, csrStatus } from './csr.js';
export type { CertificateRequestDetails } from './csr.js';
export { describeNamespace } from './namespace.js';
export { describeEvents } from './events.js';
export type { EventLike } from './events.js';
export type { DescribeOptions } from './format.js';
export { formatRfc1123z } from './format.js';
export { smartLabelFor } from './smart-label.js';
