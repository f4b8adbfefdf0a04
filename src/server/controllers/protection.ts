/**
 * The storage protection controllers: a deleted PersistentVolumeClaim keeps its
 * `platform.io/pvc-protection` finalizer while a pod that is not finished uses it; a deleted
 * PersistentVolume keeps `platform.io/pv-protection` while it is Bound. Also the stand-in for a
 * node agent where none runs: a pod deleted with a grace period is removed when the period ends,
 * unless the node it is bound to has a live agent (a Lease renewed within its duration), which
 * removes the pod itself once its containers stopped.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { Pod } from '../../sdk/types/generated/core-v1.js';
import type { ObjectMeta } from '../../sdk/types/generated/meta-v1.js';
import { FINALIZERS, NAMESPACES } from '../../sdk/naming.js';
import type { ServerContext } from '../context.js';
import { storedAs, type KindDef } from '../registry/kind-def.js';
import { InternalClient } from '../control/client.js';
import type { Controller } from '../control/controller.js';
import { realClock } from '../control/clock.js';
import { reconcileLoop, STEADY_RETRY } from '../control/reconcile-loop.js';

/** The claims a pod's volumes name. */
function claimsOf(pod: Pod): string[] {
  return (pod.spec?.volumes ?? []).flatMap((v) => v.persistentVolumeClaim?.claimName ?? []);
}

function podUsesClaim(pod: Pod, claim: string): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  return claimsOf(pod).includes(claim);
}

/** Creates the PVC/PV protection and pod termination controller. */
export function protectionController(ctx: ServerContext): Controller {
  const client = new InternalClient(ctx, 'pvc-protection-controller');
  const pvcDef = ctx.registry.kind('v1', 'PersistentVolumeClaim');
  const pvDef = ctx.registry.kind('v1', 'PersistentVolume');
  const podDef = ctx.registry.kind('v1', 'Pod');
  const leaseDef = ctx.registry.kind('coordination.platform.io/v1', 'Lease');
  const watched = [['pvc', pvcDef], ['pv', pvDef], ['pod', podDef]] as const;

  /** True when a node agent renews the lease of `node`. */
  async function agentAlive(node: string): Promise<boolean> {
    if (node === '') return false;
    const spec = (await client.get(leaseDef, NAMESPACES.nodeLease, node))?.spec;
    const renewed = Date.parse(spec?.renewTime ?? '');
    const duration = spec?.leaseDurationSeconds ?? 40;
    return !Number.isNaN(renewed) && renewed + duration * 1000 > ctx.now();
  }

  async function dropFinalizer<T extends { metadata?: ObjectMeta } & JsonObject>(def: KindDef<T>, ns: string, name: string, finalizer: string): Promise<void> {
    await client.update(def, ns, name, (obj) => {
      const meta = obj.metadata ?? {};
      const list = meta.finalizers ?? [];
      const next = list.filter((f) => f !== finalizer);
      if (next.length === list.length) return false;
      if (next.length === 0) delete meta.finalizers;
      else meta.finalizers = next;
      return true;
    });
  }

  async function reconcile(key: string): Promise<void> {
    const [kind = '', ns = '', name = ''] = key.split('|');
    if (kind === 'pvc') {
      const pvc = await client.get(pvcDef, ns, name);
      if (typeof pvc?.metadata?.deletionTimestamp !== 'string') return;
      const pods = await client.list(podDef, ns);
      if (pods.some((p) => podUsesClaim(p, name))) return;
      await dropFinalizer(pvcDef, ns, name, FINALIZERS.pvcProtection);
    } else if (kind === 'pv') {
      const pv = await client.get(pvDef, '', name);
      if (typeof pv?.metadata?.deletionTimestamp !== 'string') return;
      if (pv.status?.phase === 'Bound') return;
      await dropFinalizer(pvDef, '', name, FINALIZERS.pvProtection);
    } else if (kind === 'pod') {
      const pod = await client.get(podDef, ns, name);
      const at = pod?.metadata?.deletionTimestamp;
      if (typeof at !== 'string') return;
      const wait = Date.parse(at) - ctx.now();
      if (wait > 0) {
        queue.addAfter(key, Math.min(wait, 60_000));
        return;
      }
      if (await agentAlive(pod?.spec?.nodeName ?? '')) return;
      await client.delete(podDef, ns, name, { gracePeriodSeconds: 0 });
    }
  }

  const loop = reconcileLoop({
    name: 'protection', ctx, clock: realClock(ctx.now), retry: STEADY_RETRY, reconcile,
    initialKeys: async () => {
      for (const [kind, def] of watched) for (const obj of await client.list(def)) consider(kind, obj.metadata);
      return [];
    },
    subscriptions: [ctx.onWrite((ev) => {
      const seen = watched.find(([, def]) => def === ev.def);
      if (seen !== undefined && ev.type !== 'DELETED') consider(seen[0], storedAs(seen[1], ev.object).metadata);
      if (ev.def === podDef && (ev.type === 'DELETED' || ev.type === 'MODIFIED')) {
        // A finished or removed pod may release the claims it used.
        const pod = storedAs(podDef, ev.object);
        for (const claim of claimsOf(pod)) queue.add(`pvc|${pod.metadata?.namespace ?? ''}|${claim}`);
      }
    })],
  });
  const queue = loop.queue;

  /**
   * Queues an object being deleted; a pod only while its grace period runs (deletionGracePeriodSeconds
   * is an int64: a value beyond 2^53 is a bigint at run time, which the number test leaves alone).
   */
  function consider(kind: typeof watched[number][0], meta: ObjectMeta | undefined): void {
    const grace = meta?.deletionGracePeriodSeconds;
    if (typeof meta?.deletionTimestamp !== 'string' || (kind === 'pod' && !(typeof grace === 'number' && grace > 0))) return;
    queue.add(`${kind}|${kind === 'pv' ? '' : meta.namespace ?? ''}|${meta.name ?? ''}`);
  }

  return loop;
}
