/**
 * The describe printers: pure functions from an object, the related objects the caller
 * fetched, and a clock reading to kubectl's `describe` text.
 *
 * @packageDocumentation
 */
export { describeObject } from './describe.js';
export type { DescribeRelated } from './describe.js';
export { describeGeneric, printUnstructuredContent } from './generic.js';
export { describePod, podQosClass } from './pod.js';
export { describeNode, nodeRoles } from './node.js';
export type { NodeLease } from './node.js';
export { describeDeployment } from './deployment.js';
export type { DeploymentReplicaSets } from './deployment.js';
export { describeService, formatEndpoints } from './service.js';
export { describeHorizontalPodAutoscaler } from './hpa.js';
export { describeCronJob, describeDaemonSet, describeJob, describeReplicaSet, describeStatefulSet } from './workloads.js';
export type { ControlledPodPhases } from './workloads.js';
export { describeCertificateSigningRequest, csrStatus } from './csr.js';
export type { CertificateRequestDetails, IssuedCertificateDetails } from './csr.js';
export { describeNamespace } from './namespace.js';
export { describeEvents } from './events.js';
export type { EventLike } from './events.js';
export type { DescribeOptions } from './format.js';
export { formatRfc1123z } from './format.js';
export { smartLabelFor } from './smart-label.js';
