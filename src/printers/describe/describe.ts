import type { KubeObject } from '../../sdk/types/meta.js';
import { GROUPS } from '../../sdk/naming.js';
import { groupOfApiVersion } from '../table/group-kind.js';
import type { CertificateRequestDetails } from './csr.js';
import { describeCertificateSigningRequest } from './csr.js';
import { describeConfigMap, describeSecret } from './config.js';
import { describeCSINode } from './csi-node.js';
import { describeDaemonSet } from './daemonset.js';
import type { DeploymentReplicaSets } from './deployment.js';
import { describeDeployment } from './deployment.js';
import { describeEndpoints, describeEndpointSlice } from './endpoints.js';
import type { EventLike } from './events.js';
import type { DescribeOptions } from './format.js';
import { describeGeneric } from './generic.js';
import { describeHorizontalPodAutoscaler, describeHorizontalPodAutoscalerV1 } from './horizontal-pod-autoscaler.js';
import type { IngressBackendService } from './ingress.js';
import { describeIngress, describeIngressClass } from './ingress.js';
import { describeCronJob, describeJob } from './job.js';
import { describeNamespace } from './namespace.js';
import { describeNetworkPolicy } from './network-policy.js';
import type { NodeLease } from './node.js';
import { describeNode } from './node.js';
import { describePersistentVolume } from './persistent-volume.js';
import { describePersistentVolumeClaim } from './persistent-volume-claim.js';
import { describePod } from './pod.js';
import { describePodDisruptionBudget, describePriorityClass } from './policy.js';
import { describeLimitRange, describeResourceQuota } from './quota.js';
import { describeRole, describeRoleBinding } from './rbac.js';
import type { SelectedPods } from './replicaset.js';
import { describeReplicaSet } from './replicaset.js';
import { describeReplicationController } from './replication-controller.js';
import { describeService } from './service.js';
import { describeServiceAccount } from './service-account.js';
import { describeStatefulSet } from './statefulset.js';
import { describeStorageClass } from './storage-class.js';

/**
 * What a describer shows besides the object itself; the caller fetches these (each describer
 * names what it uses, see {@link relatedNeeds}) and leaves out what it could not get.
 */
export interface DescribeRelated {
  /** Events whose `involvedObject` is the object; omit to leave the Events section out. */
  events?: readonly EventLike[];
  /** Deployment: its old and new ReplicaSets. */
  replicaSets?: DeploymentReplicaSets;
  /**
   * ReplicaSet, ReplicationController, StatefulSet, DaemonSet: the pods their selector matches (the describer counts
   * those it controls), or the error listing them. PersistentVolumeClaim: the pods of its namespace.
   */
  pods?: SelectedPods;
  /** Service: the EndpointSlices labelled with its name. */
  endpointSlices?: readonly KubeObject[];
  /** ServiceAccount: the Secrets of its namespace (omit when they could not be listed). */
  secrets?: readonly KubeObject[];
  /** Ingress: what was found for each Service its backends name. */
  ingressServices?: ReadonlyMap<string, IngressBackendService>;
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

/** What the caller should fetch for an object before describing it. */
export interface RelatedNeeds {
  /** Events about it (kubectl's describers that show an Events section). */
  events: boolean;
  /** The `involvedObject.kind` to search events by (kubectl leaves it out for pods). */
  eventKind: string | undefined;
  /** The related objects of {@link DescribeRelated} the describer of this kind reads. */
  objects: readonly (keyof DescribeRelated)[];
}

type Describer = (object: KubeObject, related: DescribeRelated, options: DescribeOptions) => string;

const list = (pods: SelectedPods | undefined): readonly KubeObject[] => (pods === undefined || 'error' in pods ? [] : pods);

/** The describers kubectl has for built-in kinds, by group and kind, with what each reads. */
const DESCRIBERS = new Map<string, { describe: Describer; events: boolean; objects: readonly (keyof DescribeRelated)[] }>([
  [`${GROUPS.core}/Pod`, { events: true, objects: [], describe: (o, r, opt) => describePod(o, r.events, opt) }],
  [`${GROUPS.core}/Node`, { events: true, objects: ['nodePods', 'lease'], describe: (o, r, opt) => describeNode(o, r.nodePods, r.lease, r.events, opt) }],
  [`${GROUPS.core}/Service`, { events: true, objects: ['endpointSlices'], describe: (o, r, opt) => describeService(o, r.endpointSlices ?? [], r.events, opt) }],
  [`${GROUPS.core}/Namespace`, { events: false, objects: ['resourceQuotas', 'limitRanges'], describe: (o, r, opt) => describeNamespace(o, r.resourceQuotas, r.limitRanges, opt) }],
  [`${GROUPS.core}/ConfigMap`, { events: true, objects: [], describe: (o, r, opt) => describeConfigMap(o, r.events, opt) }],
  [`${GROUPS.core}/Secret`, { events: false, objects: [], describe: (o) => describeSecret(o) }],
  [`${GROUPS.core}/ServiceAccount`, { events: true, objects: ['secrets'], describe: (o, r, opt) => describeServiceAccount(o, r.secrets, r.events, opt) }],
  [`${GROUPS.core}/Endpoints`, { events: true, objects: [], describe: (o, r, opt) => describeEndpoints(o, r.events, opt) }],
  [`${GROUPS.core}/PersistentVolume`, { events: true, objects: [], describe: (o, r, opt) => describePersistentVolume(o, r.events, opt) }],
  [`${GROUPS.core}/PersistentVolumeClaim`, { events: true, objects: ['pods'], describe: (o, r, opt) => describePersistentVolumeClaim(o, list(r.pods), r.events, opt) }],
  [`${GROUPS.core}/ReplicationController`, { events: true, objects: ['pods'], describe: (o, r, opt) => describeReplicationController(o, list(r.pods), r.events, opt) }],
  [`${GROUPS.core}/ResourceQuota`, { events: false, objects: [], describe: (o) => describeResourceQuota(o) }],
  [`${GROUPS.core}/LimitRange`, { events: false, objects: [], describe: (o) => describeLimitRange(o) }],
  [`${GROUPS.apps}/Deployment`, { events: true, objects: ['replicaSets'], describe: (o, r, opt) => describeDeployment(o, r.replicaSets, r.events, opt) }],
  [`${GROUPS.apps}/ReplicaSet`, { events: true, objects: ['pods'], describe: (o, r, opt) => describeReplicaSet(o, r.pods ?? [], r.events, opt) }],
  [`${GROUPS.apps}/StatefulSet`, { events: true, objects: ['pods'], describe: (o, r, opt) => describeStatefulSet(o, list(r.pods), r.events, opt) }],
  [`${GROUPS.apps}/DaemonSet`, { events: true, objects: ['pods'], describe: (o, r, opt) => describeDaemonSet(o, list(r.pods), r.events, opt) }],
  [`${GROUPS.batch}/Job`, { events: true, objects: [], describe: (o, r, opt) => describeJob(o, r.events, opt) }],
  [`${GROUPS.batch}/CronJob`, { events: true, objects: [], describe: (o, r, opt) => describeCronJob(o, r.events, opt) }],
  [`${GROUPS.autoscaling}/HorizontalPodAutoscaler`, {
    events: true, objects: [],
    describe: (o, r, opt) => (o.apiVersion === `${GROUPS.autoscaling}/v1` ? describeHorizontalPodAutoscalerV1(o, r.events, opt) : describeHorizontalPodAutoscaler(o, r.events, opt)),
  }],
  [`${GROUPS.policy}/PodDisruptionBudget`, { events: true, objects: [], describe: (o, r, opt) => describePodDisruptionBudget(o, r.events, opt) }],
  [`${GROUPS.rbac}/Role`, { events: false, objects: [], describe: (o) => describeRole(o) }],
  [`${GROUPS.rbac}/ClusterRole`, { events: false, objects: [], describe: (o) => describeRole(o) }],
  [`${GROUPS.rbac}/RoleBinding`, { events: false, objects: [], describe: (o) => describeRoleBinding(o) }],
  [`${GROUPS.rbac}/ClusterRoleBinding`, { events: false, objects: [], describe: (o) => describeRoleBinding(o) }],
  [`${GROUPS.networking}/Ingress`, { events: true, objects: ['ingressServices'], describe: (o, r, opt) => describeIngress(o, r.ingressServices ?? new Map(), r.events, opt) }],
  [`${GROUPS.networking}/IngressClass`, { events: true, objects: [], describe: (o, r, opt) => describeIngressClass(o, r.events, opt) }],
  [`${GROUPS.networking}/NetworkPolicy`, { events: false, objects: [], describe: (o, _r, opt) => describeNetworkPolicy(o, opt) }],
  [`${GROUPS.discovery}/EndpointSlice`, { events: true, objects: [], describe: (o, r, opt) => describeEndpointSlice(o, r.events, opt) }],
  [`${GROUPS.storage}/StorageClass`, { events: true, objects: [], describe: (o, r, opt) => describeStorageClass(o, r.events, opt) }],
  [`${GROUPS.storage}/CSINode`, { events: true, objects: [], describe: (o, r, opt) => describeCSINode(o, r.events, opt) }],
  [`${GROUPS.scheduling}/PriorityClass`, { events: true, objects: [], describe: (o, r, opt) => describePriorityClass(o, r.events, opt) }],
  [`${GROUPS.certificates}/CertificateSigningRequest`, {
    events: true, objects: ['certificateRequest'],
    describe: (o, r, opt) => (r.certificateRequest === undefined ? describeGeneric(o, r.events, opt) : describeCertificateSigningRequest(o, r.certificateRequest, r.events, opt)),
  }],
]);

function describerOf(object: KubeObject): { describe: Describer; events: boolean; objects: readonly (keyof DescribeRelated)[] } | undefined {
  return DESCRIBERS.get(`${groupOfApiVersion(object.apiVersion)}/${object.kind ?? ''}`);
}

/**
 * What `describe` of `object` reads besides it: events (by kind, except for pods, as kubectl
 * searches them) and the related objects of its describer. Kinds without a describer of their
 * own get the generic one, which shows events.
 */
export function relatedNeeds(object: KubeObject): RelatedNeeds {
  const d = describerOf(object);
  const kind = object.kind ?? '';
  const isPod = groupOfApiVersion(object.apiVersion) === GROUPS.core && kind === 'Pod';
  return { events: d?.events ?? true, eventKind: isPod || kind === '' ? undefined : kind, objects: d?.objects ?? [] };
}

/**
 * `describe` for any object: kubectl's describer for the built-in kinds that have one, the
 * generic describer (every field of the object) for the others and for custom resources.
 *
 * @param object - the object as the server returned it
 * @param related - related objects the caller fetched (see {@link relatedNeeds})
 * @param options - `now` (ages), time zone of absolute times, whether to show events
 */
export function describeObject(object: KubeObject, related: DescribeRelated, options: DescribeOptions): string {
  const d = describerOf(object);
  return d === undefined ? describeGeneric(object, related.events, options) : d.describe(object, related, options);
}
