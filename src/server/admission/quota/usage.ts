/**
 * What objects count against a ResourceQuota: object counts (`pods`, `services`, `configmaps`,
 * `secrets`, `persistentvolumeclaims`, `resourcequotas`, `replicationcontrollers`,
 * `services.nodeports`, `services.loadbalancers`, `count/<resource>[.<group>]`) and the compute
 * requests and limits of pods that are not finished (`requests.cpu`, `cpu`, `limits.memory` ...),
 * plus `requests.storage` of claims.
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { ServerCore } from '../../context.js';
import type { ResourceDef } from '../../registry/types.js';
import { asArray, asObject, asString } from '../../util/json.js';
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

function terminal(pod: JsonObject): boolean {
  const phase = asObject(pod.status)?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

/** Containers whose requests/limits count: max(sum of containers, each init container), plus overhead. */
function podCompute(pod: JsonObject, kind: 'requests' | 'limits'): Map<string, bigint> {
  const spec = asObject(pod.spec) ?? {};
  const sum = new Map<string, bigint>();
  for (const c of asArray(spec.containers) ?? []) {
    for (const [r, q] of Object.entries(asObject(asObject(asObject(c)?.resources)?.[kind]) ?? {})) {
      const p = parseMilliQuantity(q);
      if (p !== undefined) sum.set(r, (sum.get(r) ?? 0n) + p.milli);
    }
  }
  for (const c of asArray(spec.initContainers) ?? []) {
    for (const [r, q] of Object.entries(asObject(asObject(asObject(c)?.resources)?.[kind]) ?? {})) {
      const p = parseMilliQuantity(q);
      if (p !== undefined && p.milli > (sum.get(r) ?? 0n)) sum.set(r, p.milli);
    }
  }
  for (const [r, q] of Object.entries(asObject(spec.overhead) ?? {})) {
    const p = parseMilliQuantity(q);
    if (p !== undefined) sum.set(r, (sum.get(r) ?? 0n) + p.milli);
  }
  return sum;
}

/** The usage one object contributes. */
export function usageOf(def: ResourceDef, obj: JsonObject): Usage {
  const u: Usage = new Map();
  const countKey = def.group === '' ? `count/${def.plural}` : `count/${def.plural}.${def.group}`;
  const isCorePod = def.group === '' && def.plural === 'pods';
  if (isCorePod && terminal(obj)) return u;
  add(u, countKey, 1000n);
  if (def.group === '') {
    const legacy = LEGACY_COUNTS[def.plural];
    if (legacy !== undefined) add(u, legacy, 1000n);
  }
  if (isCorePod) {
    for (const [r, m] of podCompute(obj, 'requests')) {
      add(u, `requests.${r}`, m);
      if (r === 'cpu' || r === 'memory' || r === 'ephemeral-storage') add(u, r, m);
    }
    for (const [r, m] of podCompute(obj, 'limits')) add(u, `limits.${r}`, m);
  }
  if (def.group === '' && def.plural === 'services') {
    const spec = asObject(obj.spec) ?? {};
    const ports = (asArray(spec.ports) ?? []).length;
    if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') add(u, 'services.nodeports', BigInt(ports) * 1000n);
    if (spec.type === 'LoadBalancer') add(u, 'services.loadbalancers', 1000n);
  }
  if (def.group === '' && def.plural === 'persistentvolumeclaims') {
    const p = parseMilliQuantity(asObject(asObject(asObject(obj.spec)?.resources)?.requests)?.storage);
    if (p !== undefined) add(u, 'requests.storage', p.milli);
  }
  return u;
}

/** The compute resources a quota constrains that a pod's containers must state. */
export function missingCompute(pod: JsonObject, hard: string[]): string[] {
  const spec = asObject(pod.spec) ?? {};
  const out: string[] = [];
  for (const key of [...hard].sort()) {
    const m = /^(requests|limits)\.(cpu|memory)$/.exec(key) ?? (key === 'cpu' || key === 'memory' ? ['', 'requests', key] : null);
    if (m === null) continue;
    const kind = m[1] ?? 'requests';
    const resource = m[2] ?? '';
    const lacking = [...(asArray(spec.initContainers) ?? []), ...(asArray(spec.containers) ?? [])]
      .filter((c) => asObject(asObject(asObject(c)?.resources)?.[kind])?.[resource] === undefined)
      .map((c) => asString(asObject(c)?.name) ?? '');
    if (lacking.length > 0) out.push(`${key} for: ${lacking.join(',')}`);
  }
  return out;
}

/** Resource defs that quotas can count in a namespace (every namespaced built-in or custom kind, preferred version). */
export function countedDefs(ctx: ServerCore): ResourceDef[] {
  return ctx.registry.buckets().filter((d) => d.namespaced);
}

/** The current usage of a namespace, for the resource names asked. */
export async function namespaceUsage(ctx: ServerCore, namespace: string, names: Set<string>, podFilter?: (pod: JsonObject) => boolean): Promise<Usage> {
  const total: Usage = new Map();
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
      if (isPods && podFilter !== undefined && !podFilter(e.value)) continue;
      for (const [k, v] of usageOf(def, e.value)) if (names.has(k)) add(total, k, v);
    }
  }
  for (const n of names) if (!total.has(n)) total.set(n, 0n);
  return total;
}
