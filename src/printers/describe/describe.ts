import type { KubeObject } from '../../sdk/types/meta.js';
import { GROUPS } from '../../sdk/naming.js';
import { groupOfApiVersion } from '../table/group-kind.js';
import type { CertificateRequestDetails } from './csr.js';
import { describeCertificateSigningRequest } from './csr.js';
import { describeConfigMap, describeSecret } from './config.js';
import type { DeploymentReplicaSets } from './deployment.js';
import { describeDeployment } from './deployment.js';
import type { EventLike } from './events.js';
import type { DescribeOptions } from './format.js';
import { describeGeneric } from './generic.js';
import { describeNamespace } from './namespace.js';
import type { NodeLease } from './node.js';
import { describeNode } from './node.js';
import { describePod } from './pod.js';
import { describeService } from './service.js';
import { describeHorizontalPodAutoscaler } from './hpa.js';
import type { ControlledPodPhases } from './workloads.js';
import { describeCronJob, describeDaemonSet, describeJob, describeReplicaSet, describeStatefulSet } from './workloads.js';

/**
 * What a describer shows besides the object itself; the caller fetches these (each describer
 * names what it uses) and leaves out what it could not get.
 */
export interface DescribeRelated {
  /** Events whose `involvedObject` (or `regarding`) is the object; omit to leave the Events section out. */
  events?: readonly EventLike[];
  /** Deployment: its old and new ReplicaSets. */
  replicaSets?: DeploymentReplicaSets;
  /** ReplicaSet, StatefulSet, DaemonSet: the phases of the pods it controls. */
  controlledPods?: ControlledPodPhases;
  /** Service: the Endpoints object of the same name. */
  endpoints?: KubeObject;
  /** Node: its non-terminated pods (omit when pods may not be listed). */
  nodePods?: readonly KubeObject[];
  /** Node: its Lease, or the error getting it. */
  lease?: NodeLease;
  /** CertificateSigningRequest: `spec.request` decoded by the caller. */
  certificateRequest?: CertificateRequestDetails;
  /** Namespace: its ResourceQuotas and LimitRanges (omit a list the server does not serve). */
  resourceQuotas?: readonly KubeObject[];
  limitRanges?: readonly KubeObject[];
}

/**
 * `describe` for any object: the richer describer for Pod, Node, Deployment, ReplicaSet,
 * StatefulSet, DaemonSet, Job, CronJob, HorizontalPodAutoscaler (v2), Service, ConfigMap, Secret, CertificateSigningRequest and
 * Namespace, the generic one for every other kind.
 *
 * @param object - the object as the server returned it
 * @param related - related objects the caller fetched
 * @param options - `now` (ages), time zone of absolute times, whether to show events
 */
export function describeObject(object: KubeObject, related: DescribeRelated, options: DescribeOptions): string {
  const group = groupOfApiVersion(object.apiVersion);
  const kind = object.kind ?? '';
  if (group === GROUPS.core) {
    switch (kind) {
      case 'Pod': return describePod(object, related.events, options);
      case 'Node': return describeNode(object, related.nodePods, related.lease, related.events, options);
      case 'Service': return describeService(object, related.endpoints, related.events, options);
      case 'Namespace': return describeNamespace(object, related.resourceQuotas, related.limitRanges, options);
      case 'ConfigMap': return describeConfigMap(object, related.events, options);
      case 'Secret': return describeSecret(object);
    }
  }
  if (group === GROUPS.apps) {
    switch (kind) {
      case 'Deployment': return describeDeployment(object, related.replicaSets, related.events, options);
      case 'ReplicaSet': return describeReplicaSet(object, related.controlledPods, related.events, options);
      case 'StatefulSet': return describeStatefulSet(object, related.controlledPods, related.events, options);
      case 'DaemonSet': return describeDaemonSet(object, related.controlledPods, related.events, options);
    }
  }
  if (group === GROUPS.autoscaling && kind === 'HorizontalPodAutoscaler' && (object.apiVersion ?? '').endsWith('/v2')) return describeHorizontalPodAutoscaler(object, related.events, options);
  if (group === GROUPS.batch && kind === 'Job') return describeJob(object, related.events, options);
  if (group === GROUPS.batch && kind === 'CronJob') return describeCronJob(object, related.events, options);
  if (group === GROUPS.certificates && kind === 'CertificateSigningRequest' && related.certificateRequest !== undefined) {
    return describeCertificateSigningRequest(object, related.certificateRequest, related.events, options);
  }
  return describeGeneric(object, related.events, options);
}
