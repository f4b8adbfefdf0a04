/**
 * What `describe` fetches besides the object: the events about it (kubectl's field selector on
 * `involvedObject`), and per kind the objects its describer shows (a Deployment's ReplicaSets, a
 * Service's Endpoints, a Node's pods and Lease, a Namespace's quotas and limits, a CSR's decoded
 * request). A related read that fails (forbidden, type not served) is left out, as kubectl does.
 */
import type { PlatformClient } from '../../../sdk/client.js';
import { GROUPS, NAMESPACES } from '../../../sdk/naming.js';
import type { ResourceDescriptor } from '../../../sdk/rest/resource-client.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { DescribeRelated } from '../../../printers/describe/describe.js';
import type { EventLike } from '../../../printers/describe/events.js';
import type { ControlledPodPhases } from '../../../printers/describe/workloads.js';
import { groupOfApiVersion } from '../../../printers/table/group-kind.js';

const EVENTS: ResourceDescriptor = { group: '', version: 'v1', resource: 'events', namespaced: true, kind: 'Event' };
const REPLICA_SETS: ResourceDescriptor = { group: 'apps', version: 'v1', resource: 'replicasets', namespaced: true, kind: 'ReplicaSet' };
const ENDPOINTS: ResourceDescriptor = { group: '', version: 'v1', resource: 'endpoints', namespaced: true, kind: 'Endpoints' };
const PODS: ResourceDescriptor = { group: '', version: 'v1', resource: 'pods', namespaced: true, kind: 'Pod' };
const LEASES: ResourceDescriptor = { group: GROUPS.coordination, version: 'v1', resource: 'leases', namespaced: true, kind: 'Lease' };
const QUOTAS: ResourceDescriptor = { group: '', version: 'v1', resource: 'resourcequotas', namespaced: true, kind: 'ResourceQuota' };
const LIMITS: ResourceDescriptor = { group: '', version: 'v1', resource: 'limitranges', namespaced: true, kind: 'LimitRange' };

/** Options of {@link fetchRelated}. */
export interface RelatedOptions {
  showEvents: boolean;
  chunkSize: number;
  signal: AbortSignal;
}

async function listAll(client: PlatformClient, descriptor: ResourceDescriptor, namespace: string | undefined, query: { labelSelector?: string; fieldSelector?: string }, options: RelatedOptions): Promise<KubeObject[] | undefined> {
  try {
    const out: KubeObject[] = [];
    const opts = { ...query, signal: options.signal, ...(options.chunkSize > 0 ? { limit: options.chunkSize } : {}) };
    for await (const item of client.resource(descriptor, namespace).listAll(opts)) out.push(item);
    return out;
  } catch {
    return undefined;
  }
}

function selectorOf(matchLabels: unknown): string {
  if (typeof matchLabels !== 'object' || matchLabels === null) return '';
  return Object.entries(matchLabels as Record<string, string>).map(([k, v]) => `${k}=${v}`).join(',');
}

function withoutHash(template: unknown): string {
  const t = JSON.parse(JSON.stringify(template ?? {})) as { metadata?: { labels?: Record<string, string> } };
  if (t.metadata?.labels !== undefined) delete t.metadata.labels['pod-template-hash'];
  return JSON.stringify(t, Object.keys(t).sort());
}

/** kubectl's `getPodStatusForController`: the phases of the pods whose controller is `uid`. */
function podPhases(pods: readonly KubeObject[], uid: string): ControlledPodPhases {
  const out = { running: 0, waiting: 0, succeeded: 0, failed: 0 };
  for (const pod of pods) {
    if (!(pod.metadata?.ownerReferences ?? []).some((o) => o.controller === true && o.uid === uid)) continue;
    const phase = ((pod['status'] ?? {}) as { phase?: string }).phase;
    if (phase === 'Running') out.running++;
    else if (phase === 'Pending') out.waiting++;
    else if (phase === 'Succeeded') out.succeeded++;
    else if (phase === 'Failed') out.failed++;
  }
  return out;
}

/** Fetches what the describer of `object` shows besides the object. */
export async function fetchRelated(client: PlatformClient, object: KubeObject, options: RelatedOptions): Promise<DescribeRelated> {
  const related: DescribeRelated = {};
  const meta = object.metadata ?? {};
  const name = meta.name ?? '';
  const namespace = meta.namespace;
  if (options.showEvents) {
    const parts = [`involvedObject.name=${name}`, `involvedObject.namespace=${namespace ?? ''}`];
    if (meta.uid !== undefined && meta.uid !== '') parts.push(`involvedObject.uid=${meta.uid}`);
    const events = await listAll(client, EVENTS, namespace === undefined || namespace === '' ? undefined : namespace, { fieldSelector: parts.join(',') }, options);
    if (events !== undefined) related.events = events as EventLike[];
  }
  const group = groupOfApiVersion(object.apiVersion);
  const kind = object.kind ?? '';
  if (group === '' && kind === 'Service') {
    try {
      related.endpoints = await client.resource(ENDPOINTS, namespace).get(name, { signal: options.signal });
    } catch {
      // no Endpoints: the describer prints <none>
    }
  } else if (group === '' && kind === 'Namespace') {
    const quotas = await listAll(client, QUOTAS, name, {}, options);
    const limits = await listAll(client, LIMITS, name, {}, options);
    if (quotas !== undefined) related.resourceQuotas = quotas;
    if (limits !== undefined) related.limitRanges = limits;
  } else if (group === '' && kind === 'Node') {
    const pods = await listAll(client, PODS, undefined, { fieldSelector: `spec.nodeName=${name},status.phase!=Failed,status.phase!=Succeeded` }, options);
    if (pods !== undefined) related.nodePods = pods;
    try {
      related.lease = await client.resource(LEASES, NAMESPACES.nodeLease).get(name, { signal: options.signal });
    } catch (err) {
      related.lease = { error: (err as Error).message };
    }
  } else if (group === 'apps' && kind === 'Deployment') {
    const spec = (object['spec'] ?? {}) as { selector?: { matchLabels?: unknown }; template?: unknown };
    const all = (await listAll(client, REPLICA_SETS, namespace, { labelSelector: selectorOf(spec.selector?.matchLabels) }, options)) ?? [];
    const owned = all.filter((rs) => (rs.metadata?.ownerReferences ?? []).some((o) => o.uid === meta.uid && o.controller === true));
    const template = withoutHash(spec.template);
    const current = owned.filter((rs) => withoutHash((rs['spec'] as { template?: unknown } | undefined)?.template) === template);
    related.replicaSets = { new: current.slice(0, 1), old: owned.filter((rs) => !current.slice(0, 1).includes(rs)) };
  } else if (group === 'apps' && (kind === 'ReplicaSet' || kind === 'StatefulSet' || kind === 'DaemonSet')) {
    const spec = (object['spec'] ?? {}) as { selector?: { matchLabels?: unknown } };
    const pods = await listAll(client, PODS, namespace, { labelSelector: selectorOf(spec.selector?.matchLabels) }, options);
    if (pods !== undefined) related.controlledPods = podPhases(pods, meta.uid ?? '');
  } else if (group === GROUPS.certificates && kind === 'CertificateSigningRequest') {
    const { decodeSigningRequest } = await import('../../certificates/decode.js');
    const { request, certificates } = await decodeSigningRequest(object as Parameters<typeof decodeSigningRequest>[0]);
    // An unreadable request still gets the CSR describer, with the fields of the object only.
    related.certificateRequest = { ...(request ?? { subject: {} }), ...(certificates.length > 0 ? { issued: certificates } : {}) };
  }
  return related;
}
