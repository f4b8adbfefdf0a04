/**
 * The resource quota controller: keeps `status.hard` (a copy of `spec.hard`) and `status.used` of
 * every ResourceQuota current as objects of its namespace come and go.
 */
import type { ResourceQuotaStatus } from '../../sdk/types/generated/core-v1.js';
import type { ServerContext, WriteEvent } from '../context.js';
import { InternalClient } from '../control/client.js';
import type { Controller } from '../control/controller.js';
import { realClock } from '../control/clock.js';
import { reconcileLoop, STEADY_RETRY } from '../control/reconcile-loop.js';
import { asObject, asString, setKey } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { formatMilliQuantity, parseMilliQuantity } from '../admission/quota/quantity.js';
import { podMatchesScopes, scopeRequirements } from '../admission/quota/scopes.js';
import { namespaceUsage } from '../admission/quota/usage.js';

/** Creates the controller. */
export function resourceQuotaController(ctx: ServerContext): Controller {
  const client = new InternalClient(ctx, 'resourcequota-controller');
  const quotaDef = ctx.registry.servedKind('v1', 'ResourceQuota');
  async function reconcile(namespace: string): Promise<void> {
    if (quotaDef === undefined) return;
    for (const quota of await client.list(quotaDef, namespace)) {
      const name = quota.metadata?.name ?? '';
      const hard = quota.spec?.hard ?? {};
      const scopes = scopeRequirements(quota);
      const used = await namespaceUsage(ctx, namespace, new Set(Object.keys(hard)), scopes.length > 0 ? (p) => podMatchesScopes(p, scopes) : undefined);
      const usedOut: Record<string, string> = {};
      for (const k of Object.keys(hard).sort()) setKey(usedOut, k, formatMilliQuantity(used.get(k) ?? 0n, parseMilliQuantity(hard[k])?.binary ?? false));
      const status: ResourceQuotaStatus = { hard: structuredClone(hard), used: usedOut };
      await client.update(quotaDef, namespace, name, (obj) => {
        if (jsonEqual(obj.status, status)) return false;
        obj.status = structuredClone(status);
        return true;
      }, 'status');
    }
  }
  // Namespaces that have quotas (how many); writes elsewhere cost nothing.
  const withQuotas = new Map<string, number>();
  function observe(ev: WriteEvent): void {
    if (!ev.def.namespaced) return;
    const ns = asString(asObject(ev.object.metadata)?.namespace) ?? '';
    if (ns === '') return;
    if (quotaDef !== undefined && ev.def.bucket === quotaDef.bucket) {
      const n = (withQuotas.get(ns) ?? 0) + (ev.type === 'ADDED' ? 1 : ev.type === 'DELETED' ? -1 : 0);
      if (n > 0) withQuotas.set(ns, n);
      else withQuotas.delete(ns);
      // A status write of a quota itself changes nothing it counts.
      if (ev.type === 'MODIFIED' && ev.old !== undefined && jsonEqual(ev.old.spec, ev.object.spec)) return;
    } else if (!withQuotas.has(ns)) {
      return;
    }
    loop.queue.add(ns);
  }

  const loop = reconcileLoop({
    name: 'resourcequota', ctx, clock: realClock(ctx.now), retry: STEADY_RETRY, reconcile,
    initialKeys: async () => {
      if (quotaDef === undefined) return [];
      const namespaces = new Set<string>();
      for (const q of await client.list(quotaDef)) {
        const ns = q.metadata?.namespace ?? '';
        namespaces.add(ns);
        withQuotas.set(ns, (withQuotas.get(ns) ?? 0) + 1);
      }
      return namespaces;
    },
    subscriptions: [ctx.onWrite(observe)],
  });
  return loop;
}
