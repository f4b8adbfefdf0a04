/**
 * The storage protection controllers: a deleted PersistentVolumeClaim keeps its
 * `platform.io/pvc-protection` finalizer while a pod that is not finished uses it; a deleted
 * PersistentVolume keeps `platform.io/pv-protection` while it is Bound. Also the stand-in for a
 * node agent where none runs: a pod deleted with a grace period is removed when the period ends,
 * unless the node it is bound to has a live agent (a Lease renewed within its duration), which
 * removes the pod itself once its containers stopped.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { FINALIZERS, GROUPS, NAMESPACES } from '../../sdk/naming.js';
import type { ServerContext } from '../context.js';
import type { ResourceDef } from '../registry/types.js';
import { asArray, asString, objectOrEmpty as o } from '../util/json.js';
import { InternalClient } from '../control/client.js';
import type { Controller } from '../control/controller.js';
import { realClock } from '../control/clock.js';
import { reconcileLoop, STEADY_RETRY } from '../control/reconcile-loop.js';

function podUsesClaim(pod: JsonObject, claim: string): boolean {
  const phase = o(pod.status).phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  return (asArray(o(pod.spec).volumes) ?? []).some((v) => asString(o(o(v).persistentVolumeClaim).claimName) === claim);
}

/** Creates the PVC/PV protection and pod termination controller. */
export function protectionController(ctx: ServerContext): Controller {
  const client = new InternalClient(ctx, 'pvc-protection-controller');
  const pvcDef = ctx.registry.served('', 'v1', 'persistentvolumeclaims');
  const pvDef = ctx.registry.served('', 'v1', 'persistentvolumes');
  const podDef = ctx.registry.served('', 'v1', 'pods');
  const leaseDef = ctx.registry.lookup(GROUPS.coordination, 'v1', 'leases');

  /** True when a node agent renews the lease of `node`. */
  async function agentAlive(node: string): Promise<boolean> {
    if (node === '' || leaseDef === undefined) return false;
    const spec = o((await client.get(leaseDef, NAMESPACES.nodeLease, node))?.spec);
    const renewed = Date.parse(asString(spec.renewTime) ?? '');
    const duration = typeof spec.leaseDurationSeconds === 'number' ? spec.leaseDurationSeconds : 40;
    return !Number.isNaN(renewed) && renewed + duration * 1000 > ctx.now();
  }

  async function dropFinalizer(def: ResourceDef, ns: string, name: string, finalizer: string): Promise<void> {
    await client.update(def, ns, name, (obj) => {
      const meta = o(obj.metadata);
      const list = asArray(meta.finalizers) ?? [];
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
      if (pvc === undefined || typeof o(pvc.metadata).deletionTimestamp !== 'string') return;
      const pods = await client.list(podDef, ns);
      if (pods.some((p) => podUsesClaim(p, name))) return;
      await dropFinalizer(pvcDef, ns, name, FINALIZERS.pvcProtection);
    } else if (kind === 'pv') {
      const pv = await client.get(pvDef, '', name);
      if (pv === undefined || typeof o(pv.metadata).deletionTimestamp !== 'string') return;
      if (o(pv.status).phase === 'Bound') return;
      await dropFinalizer(pvDef, '', name, FINALIZERS.pvProtection);
    } else if (kind === 'pod') {
      const pod = await client.get(podDef, ns, name);
      if (pod === undefined) return;
      const meta = o(pod.metadata);
      const at = asString(meta.deletionTimestamp);
      if (at === undefined) return;
      const wait = Date.parse(at) - ctx.now();
      if (wait > 0) {
        queue.addAfter(key, Math.min(wait, 60_000));
        return;
      }
      if (await agentAlive(asString(o(pod.spec).nodeName) ?? '')) return;
      await client.delete(podDef, ns, name, { gracePeriodSeconds: 0 });
    }
  }

  const loop = reconcileLoop({
    name: 'protection', ctx, clock: realClock(ctx.now), retry: STEADY_RETRY, reconcile,
    initialKeys: async () => {
      for (const def of [pvcDef, pvDef, podDef]) for (const obj of await client.list(def)) consider(def, obj);
      return [];
    },
    subscriptions: [ctx.onWrite((ev) => {
      if (ev.type !== 'DELETED') consider(ev.def, ev.object);
      if (ev.def === podDef && (ev.type === 'DELETED' || ev.type === 'MODIFIED')) {
        // A finished or removed pod may release the claims it used.
        const ns = asString(o(ev.object.metadata).namespace) ?? '';
        for (const v of asArray(o(ev.object.spec).volumes) ?? []) {
          const claim = asString(o(o(v).persistentVolumeClaim).claimName);
          if (claim !== undefined) queue.add(`pvc|${ns}|${claim}`);
        }
      }
    })],
  });
  const queue = loop.queue;

  function consider(def: ResourceDef, obj: JsonObject): void {
    const meta = o(obj.metadata);
    const ns = asString(meta.namespace) ?? '';
    const name = asString(meta.name) ?? '';
    const deleting = typeof meta.deletionTimestamp === 'string';
    if (def === pvcDef && deleting) queue.add(`pvc|${ns}|${name}`);
    if (def === pvDef && deleting) queue.add(`pv||${name}`);
    if (def === podDef && deleting && (typeof meta.deletionGracePeriodSeconds === 'number' && meta.deletionGracePeriodSeconds > 0)) queue.add(`pod|${ns}|${name}`);
  }

  return loop;
}
