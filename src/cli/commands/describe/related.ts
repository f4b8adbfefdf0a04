/**
 * What `describe` fetches besides the object, as kubectl's describers fetch it: the events about
 * the object (a field selector on `involvedObject` kind, name, namespace and uid), and per kind the
 * objects its describer shows (a Deployment's ReplicaSets, the pods a workload's selector matches,
 * a Service's EndpointSlices, an account's Secrets, an Ingress's Services, a Node's pods and Lease,
 * a Namespace's quotas and limits, a CSR's decoded request). A related read that fails is left out
 * or printed as kubectl prints it; only the reads whose failure fails kubectl's describe throw.
 */
import { asKind } from '../../../sdk/types/meta.js';
import type { CertificateSigningRequest } from '../../../sdk/types/certificates.js';
import type { PlatformClient } from '../../../sdk/client.js';
import { GROUPS, NAMESPACES } from '../../../sdk/naming.js';
import type { ResourceDescriptor } from '../../../sdk/rest/resource-client.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { DescribeRelated } from '../../../printers/describe/describe.js';
import { relatedNeeds } from '../../../printers/describe/describe.js';
import type { EventLike } from '../../../printers/describe/events.js';
import type { IngressBackendService } from '../../../printers/describe/ingress.js';
import { ingressServiceNames } from '../../../printers/describe/ingress.js';
import { MIRROR_POD_ANNOTATION, SERVICE_NAME_LABEL } from '../../../printers/describe/names.js';
import { groupOfApiVersion } from '../../../printers/table/group-kind.js';
import { oneTermEqualSelector } from '../../../machinery/fields/selector.js';
import { fromLabelMap, fromObjectSelector, selectorString } from '../../../machinery/labels/selector.js';

const core = (resource: string, kind: string): ResourceDescriptor => ({ group: '', version: 'v1', resource, namespaced: true, kind });
const EVENTS = core('events', 'Event');
const PODS = core('pods', 'Pod');
const SECRETS = core('secrets', 'Secret');
const SERVICES = core('services', 'Service');
const QUOTAS = core('resourcequotas', 'ResourceQuota');
const LIMITS = core('limitranges', 'LimitRange');
const REPLICA_SETS: ResourceDescriptor = { group: 'apps', version: 'v1', resource: 'replicasets', namespaced: true, kind: 'ReplicaSet' };
const LEASES: ResourceDescriptor = { group: GROUPS.coordination, version: 'v1', resource: 'leases', namespaced: true, kind: 'Lease' };
const ENDPOINT_SLICES: ResourceDescriptor = { group: GROUPS.discovery, version: 'v1', resource: 'endpointslices', namespaced: true, kind: 'EndpointSlice' };
const HPA_V2: ResourceDescriptor = { group: GROUPS.autoscaling, version: 'v2', resource: 'horizontalpodautoscalers', namespaced: true, kind: 'HorizontalPodAutoscaler' };

/** The label a Deployment's controller adds to its ReplicaSets' templates. */
const POD_TEMPLATE_HASH = 'pod-template-hash';

/** Options of {@link fetchRelated}. */
export interface RelatedOptions {
  showEvents: boolean;
  chunkSize: number;
  signal: AbortSignal;
}

type Query = { labelSelector?: string; fieldSelector?: string };

async function listAll(client: PlatformClient, descriptor: ResourceDescriptor, namespace: string | undefined, query: Query, options: RelatedOptions): Promise<KubeObject[]> {
  const out: KubeObject[] = [];
  const opts = { ...query, signal: options.signal, ...(options.chunkSize > 0 ? { limit: options.chunkSize } : {}) };
  for await (const item of client.resource(descriptor, namespace).listAll(opts)) out.push(item);
  return out;
}

async function listOrUndefined(client: PlatformClient, descriptor: ResourceDescriptor, namespace: string | undefined, query: Query, options: RelatedOptions): Promise<KubeObject[] | undefined> {
  try {
    return await listAll(client, descriptor, namespace, query, options);
  } catch (err) {
    if (options.signal.aborted) throw err;
    return undefined;
  }
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * kubectl's `searchEvents`: the events whose involved object has this kind (left out for pods),
 * name, namespace and uid. A failed search shows as no events.
 */
async function searchEvents(client: PlatformClient, object: KubeObject, kind: string | undefined, uid: string | undefined, options: RelatedOptions): Promise<EventLike[]> {
  const meta = object.metadata ?? {};
  const namespace = meta.namespace ?? '';
  const parts = [oneTermEqualSelector('involvedObject.name', meta.name ?? ''), oneTermEqualSelector('involvedObject.namespace', namespace)];
  if (kind !== undefined) parts.push(oneTermEqualSelector('involvedObject.kind', kind));
  if (uid !== undefined && uid !== '') parts.push(oneTermEqualSelector('involvedObject.uid', uid));
  const events = await listOrUndefined(client, EVENTS, namespace === '' ? undefined : namespace, { fieldSelector: parts.join(',') }, options);
  return (events ?? []) as EventLike[];
}

function isControlledBy(object: KubeObject, uid: string | undefined): boolean {
  return (object.metadata?.ownerReferences ?? []).some((r) => r.controller === true && r.uid === uid);
}

/** Empty lists and maps compare as absent, as the API's semantic equality treats nil and empty alike. */
function semanticallyEqual(a: unknown, b: unknown): boolean {
  const empty = (v: unknown): boolean => v === undefined || v === null || (Array.isArray(v) && v.length === 0) ||
    (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);
  if (empty(a) && empty(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => semanticallyEqual(x, b[i]));
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && !Array.isArray(a) && !Array.isArray(b)) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    return [...new Set([...Object.keys(ra), ...Object.keys(rb)])].every((k) => semanticallyEqual(ra[k], rb[k]));
  }
  return a === b;
}

function templateWithoutHash(owner: KubeObject): unknown {
  const template = structuredClone((owner['spec'] as { template?: unknown } | undefined)?.template ?? {}) as { metadata?: { labels?: Record<string, string> } };
  if (template.metadata?.labels !== undefined) delete template.metadata.labels[POD_TEMPLATE_HASH];
  return template;
}

/**
 * kubectl's `GetAllReplicaSetsInChunks`: the ReplicaSets the Deployment's selector matches and
 * that it controls, oldest first; the new one is the oldest whose template equals the Deployment's
 * (the hash label aside), the old ones all the others.
 */
async function deploymentReplicaSets(client: PlatformClient, deployment: KubeObject, options: RelatedOptions): Promise<DescribeRelated['replicaSets']> {
  const selector = (deployment['spec'] as { selector?: unknown } | undefined)?.selector;
  const all = await listOrUndefined(client, REPLICA_SETS, deployment.metadata?.namespace, { labelSelector: selectorString(fromObjectSelector(selector)) }, options);
  if (all === undefined) return undefined;
  const owned = all
    .filter((rs) => isControlledBy(rs, deployment.metadata?.uid))
    .sort((a, b) => {
      const ta = Date.parse(a.metadata?.creationTimestamp ?? '') || 0;
      const tb = Date.parse(b.metadata?.creationTimestamp ?? '') || 0;
      if (ta !== tb) return ta - tb;
      const na = a.metadata?.name ?? '';
      const nb = b.metadata?.name ?? '';
      return na < nb ? -1 : na > nb ? 1 : 0;
    });
  const template = templateWithoutHash(deployment);
  const current = owned.find((rs) => semanticallyEqual(templateWithoutHash(rs), template));
  return { new: current === undefined ? [] : [current], old: owned.filter((rs) => rs !== current) };
}

/**
 * The pods a workload's selector matches (kubectl's `getPodStatusForController` lists them): a
 * LabelSelector, or for a ReplicationController a plain map of labels.
 */
async function selectedPods(client: PlatformClient, workload: KubeObject, options: RelatedOptions): Promise<KubeObject[]> {
  const selector = (workload['spec'] as { selector?: unknown } | undefined)?.selector;
  const labelSelector = groupOfApiVersion(workload.apiVersion) === GROUPS.core && workload.kind === 'ReplicationController'
    ? selectorString(fromLabelMap(selector))
    : selectorString(fromObjectSelector(selector));
  return listAll(client, PODS, workload.metadata?.namespace, { labelSelector }, options);
}

async function ingressServices(client: PlatformClient, ingress: KubeObject, options: RelatedOptions): Promise<Map<string, IngressBackendService>> {
  const namespace = ingress.metadata?.namespace;
  const out = new Map<string, IngressBackendService>();
  for (const name of ingressServiceNames(ingress)) {
    let endpointSlices: IngressBackendService['endpointSlices'];
    let service: IngressBackendService['service'];
    try {
      endpointSlices = await listAll(client, ENDPOINT_SLICES, namespace, { labelSelector: `${SERVICE_NAME_LABEL}=${name}` }, options);
    } catch (err) {
      endpointSlices = { error: messageOf(err) };
    }
    try {
      service = await client.resource(SERVICES, namespace).get(name, { signal: options.signal });
    } catch (err) {
      service = { error: messageOf(err) };
    }
    out.set(name, { endpointSlices, service });
  }
  return out;
}

/**
 * The object as its describer reads it: kubectl describes HorizontalPodAutoscalers at
 * `autoscaling/v2` when the server serves it, whatever version the object was read at.
 */
export async function describableObject(client: PlatformClient, object: KubeObject, signal: AbortSignal): Promise<KubeObject> {
  if (object.apiVersion !== `${GROUPS.autoscaling}/v1` || object.kind !== 'HorizontalPodAutoscaler') return object;
  try {
    const v2 = await client.resource(HPA_V2, object.metadata?.namespace).get(object.metadata?.name ?? '', { signal });
    return { apiVersion: `${GROUPS.autoscaling}/v2`, kind: 'HorizontalPodAutoscaler', ...v2 };
  } catch {
    return object;
  }
}

/**
 * Fetches what the describer of `object` shows besides the object. The reads are independent
 * and run at the same time; each fills its own field of the result.
 */
export async function fetchRelated(client: PlatformClient, object: KubeObject, options: RelatedOptions): Promise<DescribeRelated> {
  const needs = relatedNeeds(object);
  const related: DescribeRelated = {};
  const meta = object.metadata ?? {};
  const name = meta.name ?? '';
  const namespace = meta.namespace;
  const group = groupOfApiVersion(object.apiVersion);
  const kind = object.kind ?? '';
  const reads: Promise<void>[] = [];
  const when = (key: keyof DescribeRelated, read: () => Promise<void>): void => {
    if (needs.objects.includes(key)) reads.push(read());
  };
  if (options.showEvents && needs.events) {
    reads.push((async () => {
      // A mirror pod's events are about the static pod it mirrors.
      const mirrorOf = group === GROUPS.core && kind === 'Pod' ? meta.annotations?.[MIRROR_POD_ANNOTATION] : undefined;
      const searches = [searchEvents(client, object, needs.eventKind, mirrorOf ?? meta.uid, options)];
      // The node agent reports about a node with its name as the uid (kubectl asks twice).
      if (group === GROUPS.core && kind === 'Node') searches.push(searchEvents(client, object, needs.eventKind, name, options));
      related.events = (await Promise.all(searches)).flat();
    })());
  }
  when('replicaSets', async () => {
    const replicaSets = await deploymentReplicaSets(client, object, options);
    if (replicaSets !== undefined) related.replicaSets = replicaSets;
  });
  when('pods', async () => {
    if (group === GROUPS.core && kind === 'PersistentVolumeClaim') {
      related.pods = await listAll(client, PODS, namespace, {}, options);
    } else if (group === GROUPS.apps && kind === 'ReplicaSet') {
      // kubectl prints a ReplicaSet whose pods it cannot list, with the error; other workloads fail.
      try {
        related.pods = await selectedPods(client, object, options);
      } catch (err) {
        if (options.signal.aborted) throw err;
        related.pods = { error: messageOf(err) };
      }
    } else {
      related.pods = await selectedPods(client, object, options);
    }
  });
  when('endpointSlices', async () => {
    related.endpointSlices = (await listOrUndefined(client, ENDPOINT_SLICES, namespace, { labelSelector: `${SERVICE_NAME_LABEL}=${name}` }, options)) ?? [];
  });
  when('secrets', async () => {
    const secrets = await listOrUndefined(client, SECRETS, namespace, {}, options);
    if (secrets !== undefined) related.secrets = secrets;
  });
  when('ingressServices', async () => {
    related.ingressServices = await ingressServices(client, object, options);
  });
  when('resourceQuotas', async () => {
    const quotas = await listOrUndefined(client, QUOTAS, name, {}, options);
    if (quotas !== undefined) related.resourceQuotas = quotas;
  });
  when('limitRanges', async () => {
    const limits = await listOrUndefined(client, LIMITS, name, {}, options);
    if (limits !== undefined) related.limitRanges = limits;
  });
  when('nodePods', async () => {
    const pods = await listOrUndefined(client, PODS, undefined, { fieldSelector: `${oneTermEqualSelector('spec.nodeName', name)},status.phase!=Failed,status.phase!=Succeeded` }, options);
    if (pods !== undefined) related.nodePods = pods;
  });
  when('lease', async () => {
    try {
      related.lease = await client.resource(LEASES, NAMESPACES.nodeLease).get(name, { signal: options.signal });
    } catch (err) {
      related.lease = { error: messageOf(err) };
    }
  });
  when('certificateRequest', async () => {
    const { decodeRequest } = await import('../../certificates/decode.js');
    const request = await decodeRequest(asKind<CertificateSigningRequest>(object, kind) ?? { spec: { request: '', signerName: '' } });
    // An unreadable request still gets the CSR describer, with the fields of the object only.
    related.certificateRequest = request ?? { subject: {} };
  });
  await Promise.all(reads);
  return related;
}
