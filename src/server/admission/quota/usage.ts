/**
 * What objects count against a ResourceQuota: object counts (`pods`, `services`, `configmaps`,
 * `secrets`, `persistentvolumeclaims`, `resourcequotas`, `replicationcontrollers`,
 * `services.nodeports`, `services.loadbalancers`, `count/<resource>[.<group>]`) and the compute
 * requests and limits of pods that are not finished (`requests.cpu`, `cpu`, `limits.memory` ...),
 * plus `requests.storage` of claims.
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { Pod, PodSpec } from '../../../sdk/types/generated/core-v1.js';
import type { ServerCore } from '../../context.js';
import { storedAs } from '../../registry/kind-def.js';
import type { ResourceDef } from '../../registry/types.js';
import { parseMilliQuantity } from './quantity.js';

/** Usage by resource name, in milli-units. */
export type Usage = Map<string, bigint>;

const LEGACY_COUNTS: Record<string, string> = {
  pods: 'pods', services: 'services', configmaps: 'configmaps', secrets: 'secrets', persistentvolumeclaims: 'persistentvolumeclaims',
  resourcequotas: 'resourcequotas', replicationcontrollers: 'replicationcontrollers',
};

function add(u: Usage, key: string, milli: bigint): void {
  u.set(key, (u.get(key) ?? 0n) + milli);
}

function terminal(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

/** Containers whose requests/limits count: max(sum of containers, each init container), plus overhead. */
function podCompute(pod: Pod, kind: 'requests' | 'limits'): Map<string, bigint> {
  const spec: Partial<PodSpec> = pod.spec ?? {};
  const sum = new Map<string, bigint>();
  for (const c of spec.containers ?? []) {
    for (const [r, q] of Object.entries(c.resources?.[kind] ?? {})) {
      const p = parseMilliQuantity(q);
      if (p !== undefined) sum.set(r, (sum.get(r) ?? 0n) + p.milli);
    }
  }
  for (const c of spec.initContainers ?? []) {
    for (const [r, q] of Object.entries(c.resources?.[kind] ?? {})) {
      const p = parseMilliQuantity(q);
      if (p !== undefined && p.milli > (sum.get(r) ?? 0n)) sum.set(r, p.milli);
    }
  }
  for (const [r, q] of Object.entries(spec.overhead ?? {})) {
    const p = parseMilliQuantity(q);
    if (p !== undefined) sum.set(r, (sum.get(r) ?? 0n) + p.milli);
  }
  return sum;
}

/** The usage one object of a def contributes (a stored or admitted one; pods, services and claims read typed). */
export function usageOf(ctx: ServerCore, def: ResourceDef, obj: JsonObject): Usage {
  const u: Usage = new Map();
  const countKey = def.group === '' ? `count/${def.plural}` : `count/${def.plural}.${def.group}`;
  const pod = def.group === '' && def.plural === 'pods' ? storedAs(ctx.registry.kind('v1', 'Pod'), obj) : undefined;
  if (pod !== undefined && terminal(pod)) return u;
  add(u, countKey, 1000n);
  if (def.group === '') {
    const legacy = LEGACY_COUNTS[def.plural];
    if (legacy !== undefined) add(u, legacy, 1000n);
  }
  if (pod !== undefined) {
    for (const [r, m] of podCompute(pod, 'requests')) {
      add(u, `requests.${r}`, m);
      if (r === 'cpu' || r === 'memory' || r === 'ephemeral-storage') add(u, r, m);
    }
    for (const [r, m] of podCompute(pod, 'limits')) add(u, `limits.${r}`, m);
  }
  if (def.group === '' && def.plural === 'services') {
    const spec = storedAs(ctx.registry.kind('v1', 'Service'), obj).spec ?? {};
    const ports = (spec.ports ?? []).length;
    if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') add(u, 'services.nodeports', BigInt(ports) * 1000n);
    if (spec.type === 'LoadBalancer') add(u, 'services.loadbalancers', 1000n);
  }
  if (def.group === '' && def.plural === 'persistentvolumeclaims') {
    const p = parseMilliQuantity(storedAs(ctx.registry.kind('v1', 'PersistentVolumeClaim'), obj).spec?.resources?.requests?.storage);
    if (p !== undefined) add(u, 'requests.storage', p.milli);
  }
  return u;
}

/** The compute resources a quota constrains that a pod's containers must state. */
export function missingCompute(pod: Pod, hard: string[]): string[] {
  const spec: Partial<PodSpec> = pod.spec ?? {};
  const out: string[] = [];
  for (const key of [...hard].sort()) {
    const m = /^(requests|limits)\.(cpu|memory)$/.exec(key) ?? (key === 'cpu' || key === 'memory' ? ['', 'requests', key] : null);
    if (m === null) continue;
    const kind = m[1] === 'limits' ? 'limits' : 'requests';
    const resource = m[2] ?? '';
    const lacking = [...(spec.initContainers ?? []), ...(spec.containers ?? [])]
      .filter((c) => c.resources?.[kind]?.[resource] === undefined)
      .map((c) => c.name ?? '');
    if (lacking.length > 0) out.push(`${key} for: ${lacking.join(',')}`);
  }
  return out;
}

/** Resource defs that quotas can count in a namespace (every namespaced built-in or custom kind, preferred version). */
export function countedDefs(ctx: ServerCore): ResourceDef[] {
  return ctx.registry.buckets().filter((d) => d.namespaced);
}

/** The current usage of a namespace, for the resource names asked. */
export async function namespaceUsage(ctx: ServerCore, namespace: string, names: Set<string>, podFilter?: (pod: Pod) => boolean): Promise<Usage> {
  const total: Usage = new Map();
  const pods = ctx.registry.kind('v1', 'Pod');
  for (const def of countedDefs(ctx)) {
    const countKey = def.group === '' ? `count/${def.plural}` : `count/${def.plural}.${def.group}`;
    const relevant = names.has(countKey) || (def.group === '' && (LEGACY_COUNTS[def.plural] !== undefined && names.has(def.plural)))
      || (def.group === '' && def.plural === 'pods' && [...names].some((n) => /^(requests|limits)\.|^(cpu|memory|ephemeral-storage)$/.test(n)))
      || (def.group === '' && def.plural === 'services' && [...names].some((n) => n.startsWith('services.')))
      || (def.group === '' && def.plural === 'persistentvolumeclaims' && names.has('requests.storage'));
    const isPods = def.group === '' && def.plural === 'pods';
    // A scoped quota counts pods only.
    if (!relevant || (podFilter !== undefined && !isPods)) continue;
    const { items } = await ctx.store.list(def.bucket, { keyPrefix: `${namespace}/` });
    for (const e of items) {
      if (isPods && podFilter !== undefined && !podFilter(storedAs(pods, e.value))) continue;
      for (const [k, v] of usageOf(ctx, def, e.value)) if (names.has(k)) add(total, k, v);
    }
  }
  for (const n of names) if (!total.has(n)) total.set(n, 0n);
  return total;
}
