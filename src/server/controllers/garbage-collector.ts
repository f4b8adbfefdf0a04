/**
 * The garbage collector over `ownerReferences`: Background (dependents whose owners are all gone are
 * deleted), Foreground (the owner's `foregroundDeletion` finalizer stays until every dependent with
 * `blockOwnerDeletion` is gone) and Orphan (the owner's `orphan` finalizer stays until its
 * dependents no longer reference it). An index from owner uid to dependents is kept from the
 * change feed and rebuilt at start-up.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext, WriteEvent } from '../context.js';
import type { ResourceDef } from '../registry/types.js';
import { asArray, asObject, asString, finalizersOf } from '../util/json.js';
import { InternalClient } from '../control/client.js';
import type { Controller } from '../control/controller.js';
import { realClock } from '../control/clock.js';
import { reconcileLoop, STEADY_RETRY } from '../control/reconcile-loop.js';
import { dropOwnerReferences } from './workloads/util/controller-ref.js';

interface Ref {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  blockOwnerDeletion: boolean;
}

function refsOf(obj: JsonObject): Ref[] {
  return (asArray(asObject(obj.metadata)?.ownerReferences) ?? []).map((r) => {
    const o = asObject(r) ?? {};
    return {
      apiVersion: asString(o.apiVersion) ?? '', kind: asString(o.kind) ?? '', name: asString(o.name) ?? '', uid: asString(o.uid) ?? '',
      blockOwnerDeletion: o.blockOwnerDeletion === true,
    };
  });
}

function location(def: ResourceDef, obj: JsonObject): string {
  const meta = asObject(obj.metadata) ?? {};
  return `${def.bucket}|${asString(meta.namespace) ?? ''}|${asString(meta.name) ?? ''}`;
}

/** Creates the garbage collector. */
export function garbageCollector(ctx: ServerContext): Controller {
  const client = new InternalClient(ctx, 'generic-garbage-collector');
  /** owner uid → dependent locations. */
  const dependents = new Map<string, Set<string>>();
  /** dependent location → owner uids it is indexed under. */
  const indexed = new Map<string, string[]>();

  function index(loc: string, obj: JsonObject | undefined): void {
    for (const uid of indexed.get(loc) ?? []) {
      const set = dependents.get(uid);
      set?.delete(loc);
      if (set !== undefined && set.size === 0) dependents.delete(uid);
    }
    indexed.delete(loc);
    if (obj === undefined) return;
    const uids = refsOf(obj).map((r) => r.uid).filter((u) => u !== '');
    if (uids.length === 0) return;
    indexed.set(loc, uids);
    for (const uid of uids) {
      let set = dependents.get(uid);
      if (set === undefined) {
        set = new Set();
        dependents.set(uid, set);
      }
      set.add(loc);
    }
  }

  function defOfBucket(bucket: string): ResourceDef | undefined {
    return ctx.registry.buckets().find((d) => d.bucket === bucket);
  }

  function parseLocation(loc: string): { def: ResourceDef; namespace: string; name: string } | undefined {
    const [bucket = '', namespace = '', name = ''] = loc.split('|');
    const def = defOfBucket(bucket);
    return def === undefined ? undefined : { def, namespace, name };
  }

  type OwnerState = 'absent' | 'foreground' | 'present';

  async function ownerState(ref: Ref, namespace: string): Promise<OwnerState> {
    const def = ctx.registry.byKind(ref.apiVersion, ref.kind);
    if (def === undefined) return 'present';
    const owner = await client.get(def, def.namespaced ? namespace : '', ref.name);
    if (owner === undefined || asObject(owner.metadata)?.uid !== ref.uid) return 'absent';
    const deleting = typeof asObject(owner.metadata)?.deletionTimestamp === 'string';
    if (deleting && finalizersOf(owner).includes('foregroundDeletion')) return 'foreground';
    return 'present';
  }

  /** Deletes or trims a dependent whose owners went away. */
  async function processDependent(loc: string): Promise<void> {
    const where = parseLocation(loc);
    if (where === undefined) return;
    const obj = await client.get(where.def, where.namespace, where.name);
    if (obj === undefined) return;
    const refs = refsOf(obj);
    if (refs.length === 0) return;
    const states = await Promise.all(refs.map((r) => ownerState(r, where.namespace)));
    const absent = refs.filter((_, i) => states[i] === 'absent').map((r) => r.uid);
    const foreground = states.some((s) => s === 'foreground');
    const present = states.some((s) => s === 'present');
    if (!present && typeof asObject(obj.metadata)?.deletionTimestamp !== 'string') {
      if (absent.length === refs.length || foreground) {
        await client.delete(where.def, where.namespace, where.name, { propagationPolicy: foreground ? 'Foreground' : 'Background', preconditions: { uid: asString(asObject(obj.metadata)?.uid) ?? '' } });
        return;
      }
    }
    if (absent.length > 0 && (present || foreground)) {
      await client.update(where.def, where.namespace, where.name, (o) => {
        const meta = asObject(o.metadata) ?? {};
        const kept = (asArray(meta.ownerReferences) ?? []).filter((r) => !absent.includes(asString(asObject(r)?.uid) ?? ''));
        if (kept.length === 0) delete meta.ownerReferences;
        else meta.ownerReferences = kept;
        return true;
      });
    }
  }

  async function removeFinalizer(def: ResourceDef, namespace: string, name: string, finalizer: string): Promise<void> {
    await client.update(def, namespace, name, (o) => {
      const meta = asObject(o.metadata) ?? {};
      const list = finalizersOf(o);
      if (!list.includes(finalizer)) return false;
      const next = list.filter((f) => f !== finalizer);
      if (next.length === 0) delete meta.finalizers;
      else meta.finalizers = next;
      return true;
    });
  }

  /** Orphan: drop the owner's references from its dependents, then its `orphan` finalizer. */
  async function processOrphan(loc: string): Promise<void> {
    const owner = await ownerWithFinalizer(loc, 'orphan');
    if (owner === undefined) return;
    for (const dep of [...(dependents.get(owner.uid) ?? [])]) {
      const d = parseLocation(dep);
      if (d === undefined) continue;
      await client.update(d.def, d.namespace, d.name, (o) => dropOwnerReferences(o, owner.uid));
    }
    await removeFinalizer(owner.where.def, owner.where.namespace, owner.where.name, 'orphan');
  }

  /** Where the owner at `loc` is and its uid, while it still carries `finalizer`. */
  async function ownerWithFinalizer(loc: string, finalizer: string): Promise<{ where: { def: ResourceDef; namespace: string; name: string }; uid: string } | undefined> {
    const where = parseLocation(loc);
    if (where === undefined) return undefined;
    const owner = await client.get(where.def, where.namespace, where.name);
    if (owner === undefined || !finalizersOf(owner).includes(finalizer)) return undefined;
    return { where, uid: asString(asObject(owner.metadata)?.uid) ?? '' };
  }

  /** Foreground: delete dependents, and release the owner when no blocking dependent is left. */
  async function processForeground(loc: string): Promise<void> {
    const owner = await ownerWithFinalizer(loc, 'foregroundDeletion');
    if (owner === undefined) return;
    const { where, uid } = owner;
    let blocking = 0;
    for (const dep of [...(dependents.get(uid) ?? [])]) {
      const d = parseLocation(dep);
      if (d === undefined) continue;
      const obj = await client.get(d.def, d.namespace, d.name);
      if (obj === undefined) continue;
      const ref = refsOf(obj).find((r) => r.uid === uid);
      if (ref === undefined) continue;
      if (ref.blockOwnerDeletion) blocking++;
      if (typeof asObject(obj.metadata)?.deletionTimestamp !== 'string') {
        const r = await client.delete(d.def, d.namespace, d.name, { propagationPolicy: 'Foreground' });
        if (r?.deleted === true && ref.blockOwnerDeletion) blocking--;
      }
    }
    if (blocking > 0) {
      queue.addAfter(`foreground|${loc}`, 200);
      return;
    }
    await removeFinalizer(where.def, where.namespace, where.name, 'foregroundDeletion');
  }

  async function reconcile(key: string): Promise<void> {
    const bar = key.indexOf('|');
    const kind = key.slice(0, bar);
    const loc = key.slice(bar + 1);
    if (kind === 'dependent') await processDependent(loc);
    else if (kind === 'orphan') await processOrphan(loc);
    else if (kind === 'foreground') await processForeground(loc);
  }

  function ownerLocationsOf(obj: JsonObject, namespace: string): string[] {
    const out: string[] = [];
    for (const r of refsOf(obj)) {
      const def = ctx.registry.byKind(r.apiVersion, r.kind);
      if (def === undefined) continue;
      out.push(`${def.bucket}|${def.namespaced ? namespace : ''}|${r.name}`);
    }
    return out;
  }

  function observe(ev: WriteEvent): void {
    const loc = location(ev.def, ev.object);
    const meta = asObject(ev.object.metadata) ?? {};
    const uid = asString(meta.uid) ?? '';
    if (ev.type === 'DELETED') {
      index(loc, undefined);
      for (const dep of dependents.get(uid) ?? []) queue.add(`dependent|${dep}`);
      // A deleted dependent may release an owner waiting in foreground deletion.
      for (const owner of ownerLocationsOf(ev.object, asString(meta.namespace) ?? '')) queue.add(`foreground|${owner}`);
      return;
    }
    index(loc, ev.object);
    if (refsOf(ev.object).length > 0) queue.add(`dependent|${loc}`);
    if (typeof meta.deletionTimestamp === 'string') {
      const f = finalizersOf(ev.object);
      if (f.includes('orphan')) queue.add(`orphan|${loc}`);
      if (f.includes('foregroundDeletion')) queue.add(`foreground|${loc}`);
      for (const owner of ownerLocationsOf(ev.object, asString(meta.namespace) ?? '')) queue.add(`foreground|${owner}`);
    }
  }

  const loop = reconcileLoop({
    name: 'garbage-collector', ctx, clock: realClock(ctx.now), retry: STEADY_RETRY, reconcile,
    // The index of dependents is rebuilt from one list of every kind.
    initialKeys: async () => {
      const keys: string[] = [];
      for (const def of ctx.registry.buckets()) {
        for (const obj of await client.list(def)) {
          const loc = location(def, obj);
          index(loc, obj);
          if (refsOf(obj).length > 0) keys.push(`dependent|${loc}`);
          const meta = asObject(obj.metadata) ?? {};
          if (typeof meta.deletionTimestamp === 'string') {
            if (finalizersOf(obj).includes('orphan')) keys.push(`orphan|${loc}`);
            if (finalizersOf(obj).includes('foregroundDeletion')) keys.push(`foreground|${loc}`);
          }
        }
      }
      return keys;
    },
    subscriptions: [ctx.onWrite(observe)],
  });
  const queue = loop.queue;
  return loop;
}
