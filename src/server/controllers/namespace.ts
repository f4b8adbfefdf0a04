/**
 * The namespace controller: a namespace being deleted has its contents deleted (every namespaced
 * kind, custom resources included); once nothing is left it removes the `platform.io` spec
 * finalizer through the `finalize` sub-resource and the namespace is gone. Active namespaces get
 * their `default` service account and the `platform-root-ca.crt` ConfigMap.
 */
import type { Namespace, NamespaceCondition } from '../../sdk/types/generated/core-v1.js';
import { FINALIZERS, ROOT_CA_CONFIGMAP } from '../../sdk/naming.js';
import type { ServerContext, WriteEvent } from '../context.js';
import { timestamp } from '../util/time.js';
import { finalizersOf, getPath, nameOf, namespaceOf } from '../util/json.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { InternalClient } from '../control/client.js';
import type { Controller } from '../control/controller.js';
import { realClock } from '../control/clock.js';
import { reconcileLoop, STEADY_RETRY } from '../control/reconcile-loop.js';

function isTerminating(ns: Namespace): boolean {
  return typeof ns.metadata?.deletionTimestamp === 'string';
}

/** Creates the namespace controller. */
export function namespaceController(ctx: ServerContext): Controller {
  const client = new InternalClient(ctx, 'namespace-controller');
  const nsDef = ctx.registry.kind('v1', 'Namespace');
  const saDef = ctx.registry.kind('v1', 'ServiceAccount');
  const cmDef = ctx.registry.kind('v1', 'ConfigMap');

  async function ensureDefaults(name: string): Promise<void> {
    const sa = await client.get(saDef, name, 'default');
    if (sa === undefined) await client.createIfMissing(saDef, name, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: name } });
    const data = { 'ca.crt': ctx.caPem };
    const cm = await client.get(cmDef, name, ROOT_CA_CONFIGMAP);
    if (cm === undefined) {
      await client.createIfMissing(cmDef, name, {
        apiVersion: 'v1', kind: 'ConfigMap',
        metadata: { name: ROOT_CA_CONFIGMAP, namespace: name, annotations: { 'platform.io/description': 'Contains a CA bundle that can be used to verify the platform API server certificate.' } },
        data,
      });
    } else if (!jsonEqual(cm.data, data)) {
      await client.update(cmDef, name, ROOT_CA_CONFIGMAP, (o) => {
        o.data = data;
        return true;
      });
    }
  }

  async function remaining(name: string): Promise<{ count: number; kinds: string[]; finalizers: string[] }> {
    let count = 0;
    const kinds: string[] = [];
    const finalizers = new Set<string>();
    for (const def of ctx.registry.buckets()) {
      if (!def.namespaced) continue;
      const items = await client.list(def, name);
      if (items.length === 0) continue;
      count += items.length;
      kinds.push(`${def.plural}${def.group === '' ? '' : `.${def.group}`} has ${items.length} resource instances`);
      // Objects of every namespaced kind (custom resources too): read untyped.
      for (const i of items) for (const f of finalizersOf(i)) finalizers.add(f);
    }
    return { count, kinds, finalizers: [...finalizers] };
  }

  async function setConditions(name: string, left: { count: number; kinds: string[]; finalizers: string[] }): Promise<void> {
    const now = timestamp(ctx.now());
    const conditions: NamespaceCondition[] = [
      { type: 'NamespaceDeletionDiscoveryFailure', status: 'False', lastTransitionTime: now, reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
      { type: 'NamespaceDeletionGroupVersionParsingFailure', status: 'False', lastTransitionTime: now, reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
      { type: 'NamespaceDeletionContentFailure', status: 'False', lastTransitionTime: now, reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
      left.count > 0
        ? { type: 'NamespaceContentRemaining', status: 'True', lastTransitionTime: now, reason: 'SomeResourcesRemain', message: `Some resources are remaining: ${left.kinds.join(', ')}` }
        : { type: 'NamespaceContentRemaining', status: 'False', lastTransitionTime: now, reason: 'ContentRemoved', message: 'All content successfully removed' },
      left.finalizers.length > 0
        ? { type: 'NamespaceFinalizersRemaining', status: 'True', lastTransitionTime: now, reason: 'SomeFinalizersRemain', message: `Some content in the namespace has finalizers remaining: ${left.finalizers.join(', ')}` }
        : { type: 'NamespaceFinalizersRemaining', status: 'False', lastTransitionTime: now, reason: 'ContentHasNoFinalizers', message: 'All content-preserving finalizers finished' },
    ];
    await client.update(nsDef, '', name, (o) => {
      const status = o.status ?? {};
      const old = (status.conditions ?? []).map((c) => ({ ...c, lastTransitionTime: '' }));
      if (jsonEqual(old, conditions.map((c) => ({ ...c, lastTransitionTime: '' })))) return false;
      status.conditions = conditions;
      o.status = status;
      return true;
    }, 'status');
  }

  async function cleanup(name: string): Promise<void> {
    for (const def of ctx.registry.buckets()) {
      if (!def.namespaced) continue;
      // Objects of every namespaced kind, as in remaining(): read untyped.
      for (const item of await client.list(def, name)) {
        if (typeof getPath(item, ['metadata', 'deletionTimestamp']) === 'string') continue;
        await client.delete(def, name, nameOf(item), { propagationPolicy: 'Background' });
      }
    }
    const left = await remaining(name);
    await setConditions(name, left);
    if (left.count > 0) {
      loop.queue.addAfter(name, 200);
      return;
    }
    await client.update(nsDef, '', name, (o) => {
      const spec = o.spec ?? {};
      const finalizers = (spec.finalizers ?? []).filter((f) => f !== FINALIZERS.namespace);
      if ((spec.finalizers ?? []).length === finalizers.length) return false;
      spec.finalizers = finalizers;
      o.spec = spec;
      return true;
    }, 'finalize');
  }

  const loop = reconcileLoop({
    name: 'namespace', ctx, clock: realClock(ctx.now), retry: STEADY_RETRY,
    reconcile: async (name) => {
      const ns = await client.get(nsDef, '', name);
      if (ns === undefined) return;
      if (isTerminating(ns)) await cleanup(name);
      else await ensureDefaults(name);
    },
    initialKeys: async () => (await client.list(nsDef)).map((ns) => ns.metadata?.name ?? ''),
    subscriptions: [ctx.onWrite(queueFor)],
  });
  const queue = loop.queue;

  function queueFor(ev: WriteEvent): void {
    // Writes of every kind: read untyped.
    const name = nameOf(ev.object);
    if (ev.def === nsDef || (ev.def.group === '' && ev.def.plural === 'namespaces')) {
      if (ev.type !== 'DELETED') queue.add(name);
      return;
    }
    const ns = namespaceOf(ev.object);
    if (ns === '') return;
    if (ev.type === 'DELETED' && ((ev.def === saDef && name === 'default') || (ev.def === cmDef && name === ROOT_CA_CONFIGMAP))) queue.add(ns);
    else if (ev.type === 'MODIFIED' && ev.def === cmDef && name === ROOT_CA_CONFIGMAP) queue.add(ns);
    else if (ev.type === 'DELETED') queue.add(ns);
  }

  return loop;
}
