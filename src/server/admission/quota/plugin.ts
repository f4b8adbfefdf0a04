/**
 * ResourceQuota admission: a new object (or a pod update that grows its compute) must fit every
 * quota of its namespace that constrains what it uses, else 403 with the API server's text:
 * `exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2`. Pods must state the
 * compute resources a quota constrains (`failed quota: q: must specify limits.cpu for: c`).
 * Requests in flight are serialized per namespace so two creates cannot both take the last unit.
 */
import type { Pod } from '../../../sdk/types/generated/core-v1.js';
import type { ServerCore } from '../../context.js';
import { forbidden } from '../../errors.js';
import { storedAs } from '../../registry/kind-def.js';
import { nameOf, namespaceOf } from '../../util/json.js';
import type { AdmissionPlugin } from '../types.js';
import { formatMilliQuantity, parseMilliQuantity } from './quantity.js';
import { podMatchesScopes, scopeRequirements } from './scopes.js';
import { missingCompute, namespaceUsage, usageOf, type Usage } from './usage.js';

/** How long admitted usage counts while its write has not shown up (a write that failed after admission). */
const RESERVATION_MS = 2000;

interface Reservation {
  key: string;
  usage: Usage;
}

function pretty(keys: string[], values: (k: string) => string): string {
  return [...keys].sort().map((k) => `${k}=${values(k)}`).join(',');
}

/** Creates the plugin. */
export function resourceQuotaPlugin(ctx: ServerCore): AdmissionPlugin {
  const locks = new Map<string, Promise<void>>();
  // Usage admitted but not yet persisted, per namespace: dropped when the write shows up in the
  // change feed (or after a while, when the write failed after admission).
  const inFlight = new Map<string, Reservation[]>();
  const drop = (namespace: string, r: Reservation): void => {
    const list = inFlight.get(namespace) ?? [];
    const i = list.indexOf(r);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) inFlight.delete(namespace);
  };
  ctx.onWrite((ev) => {
    const ns = namespaceOf(ev.object);
    const list = inFlight.get(ns);
    if (list === undefined) return;
    const key = `${ev.def.bucket}|${nameOf(ev.object)}`;
    for (const r of [...list]) if (r.key === key) drop(ns, r);
  });
  return {
    name: 'ResourceQuota',
    async validate(attrs) {
      if (attrs.operation !== 'CREATE' && attrs.operation !== 'UPDATE') return;
      if (attrs.subresource !== '' || !attrs.def.namespaced || attrs.namespace === '' || attrs.object === undefined) return;
      const quotaDef = ctx.registry.servedKind('v1', 'ResourceQuota');
      if (quotaDef === undefined) return;
      const { items } = await ctx.store.list(quotaDef.bucket, { keyPrefix: `${attrs.namespace}/` });
      if (items.length === 0) return;
      const delta = usageOf(ctx, attrs.def, attrs.object);
      if (attrs.oldObject !== undefined) {
        const before = usageOf(ctx, attrs.def, attrs.oldObject);
        for (const [k, v] of before) delta.set(k, (delta.get(k) ?? 0n) - v);
      }
      const pod = attrs.def.group === '' && attrs.def.plural === 'pods' ? storedAs(ctx.registry.kind('v1', 'Pod'), attrs.object) : undefined;
      const prev = locks.get(attrs.namespace) ?? Promise.resolve();
      let release = (): void => undefined;
      const mine = new Promise<void>((r) => { release = r; });
      const chained = prev.then(() => mine);
      locks.set(attrs.namespace, chained);
      await prev;
      let reserved: Reservation | undefined;
      try {
        for (const e of items) {
          const quota = storedAs(quotaDef, e.value);
          const name = quota.metadata?.name ?? '';
          const hard = quota.spec?.hard ?? {};
          const scopes = scopeRequirements(quota);
          if (scopes.length > 0 && (pod === undefined || !podMatchesScopes(pod, scopes))) continue;
          const podFilter = scopes.length > 0 ? (p: Pod): boolean => podMatchesScopes(p, scopes) : undefined;
          const constrained = Object.keys(hard).filter((k) => (delta.get(k) ?? 0n) > 0n);
          if (pod !== undefined && attrs.operation === 'CREATE') {
            const missing = missingCompute(pod, Object.keys(hard));
            if (missing.length > 0) {
              throw forbidden({ group: '', resource: 'pods' }, attrs.name, `failed quota: ${name}: must specify ${missing.join('; ')}`);
            }
          }
          if (constrained.length === 0) continue;
          const used = await namespaceUsage(ctx, attrs.namespace, new Set(constrained), podFilter);
          for (const pending of inFlight.get(attrs.namespace) ?? []) for (const k of constrained) used.set(k, (used.get(k) ?? 0n) + (pending.usage.get(k) ?? 0n));
          const binary = (k: string): boolean => parseMilliQuantity(hard[k])?.binary ?? false;
          const exceeded = constrained.filter((k) => (used.get(k) ?? 0n) + (delta.get(k) ?? 0n) > (parseMilliQuantity(hard[k])?.milli ?? 0n));
          if (exceeded.length > 0) {
            const message = `exceeded quota: ${name}, requested: ${pretty(exceeded, (k) => formatMilliQuantity(delta.get(k) ?? 0n, binary(k)))}, `
              + `used: ${pretty(exceeded, (k) => formatMilliQuantity(used.get(k) ?? 0n, binary(k)))}, limited: ${pretty(exceeded, (k) => formatMilliQuantity(parseMilliQuantity(hard[k])?.milli ?? 0n, binary(k)))}`;
            throw forbidden({ group: attrs.def.group, resource: attrs.def.plural }, attrs.name, message);
          }
        }
        if (!attrs.dryRun && [...delta.values()].some((v) => v > 0n)) {
          reserved = { key: `${attrs.def.bucket}|${attrs.name}`, usage: delta };
          const list = inFlight.get(attrs.namespace) ?? [];
          list.push(reserved);
          inFlight.set(attrs.namespace, list);
        }
      } finally {
        release();
        if (locks.get(attrs.namespace) === chained) locks.delete(attrs.namespace);
      }
      if (reserved !== undefined) {
        const r = reserved;
        setTimeout(() => drop(attrs.namespace, r), RESERVATION_MS).unref();
      }
    },
  };
}
