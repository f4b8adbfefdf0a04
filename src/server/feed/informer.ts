/**
 * The informer of one kind: a cache of its objects, indexed by namespace and by owner uid
 * (selector queries scan one namespace's index), that tells its handlers of each change.
 * {@link SharedInformers} fills it by one list and keeps it current from the change feed. Cached
 * objects are the store's frozen values: readers copy before they change anything.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ResourceDef } from '../registry/types.js';
import { asArray, asObject, asString, nameOf, namespaceOf } from '../util/json.js';

/** A change of a cached object. */
export interface InformerEvent<T extends JsonObject = JsonObject> {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: T;
  /** The object before a MODIFIED or DELETED change (when known). */
  old?: T | undefined;
}

/** Receives the changes of one informer (synchronously: queue keys, do no work). */
export type InformerHandler<T extends JsonObject = JsonObject> = (event: InformerEvent<T>) => void;

/** `namespace/name`, or `name` for cluster-scoped objects: the work-queue key of an object. */
export function objectKeyOf(obj: JsonObject): string {
  const ns = namespaceOf(obj);
  return ns === '' ? nameOf(obj) : `${ns}/${nameOf(obj)}`;
}

/** Splits a work-queue key into namespace and name. */
export function splitKey(key: string): { namespace: string; name: string } {
  const slash = key.indexOf('/');
  return slash < 0 ? { namespace: '', name: key } : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

function ownerUids(obj: JsonObject): string[] {
  const out: string[] = [];
  for (const r of asArray(asObject(obj.metadata)?.ownerReferences) ?? []) {
    const uid = asString(asObject(r)?.uid);
    if (uid !== undefined && uid !== '') out.push(uid);
  }
  return out;
}

function resourceVersionOf(obj: JsonObject): number {
  const rv = Number(asString(asObject(obj.metadata)?.resourceVersion) ?? '0');
  return Number.isFinite(rv) ? rv : 0;
}

/** The cache of one kind, whose objects are of type `T` (see `registry/kind-def.ts`). */
export class Informer<T extends JsonObject = JsonObject> {
  private readonly objects = new Map<string, T>();
  private readonly namespaces = new Map<string, Map<string, T>>();
  private readonly owners = new Map<string, Set<string>>();
  private readonly handlers: InformerHandler<T>[] = [];
  /** Keys deleted while the first list ran, with the version of their deletion. */
  private syncTombstones: Map<string, number> | undefined = new Map();
  synced = false;

  constructor(readonly def: ResourceDef) {}

  /** One object, or undefined. */
  get(namespace: string, name: string): T | undefined {
    return this.objects.get(namespace === '' || !this.def.namespaced ? name : `${namespace}/${name}`);
  }

  /** The object of a work-queue key. */
  getByKey(key: string): T | undefined {
    return this.objects.get(key);
  }

  /** Objects in one namespace (every namespace for ''). */
  list(namespace = ''): T[] {
    if (namespace === '' || !this.def.namespaced) return [...this.objects.values()];
    return [...(this.namespaces.get(namespace)?.values() ?? [])];
  }

  /** Objects that name `uid` among their owner references. */
  ownedBy(uid: string): T[] {
    const out: T[] = [];
    for (const key of this.owners.get(uid) ?? []) {
      const obj = this.objects.get(key);
      if (obj !== undefined) out.push(obj);
    }
    return out;
  }

  /** Adds a change handler. */
  addHandler(handler: InformerHandler<T>): () => void {
    this.handlers.push(handler);
    return () => {
      const i = this.handlers.indexOf(handler);
      if (i >= 0) this.handlers.splice(i, 1);
    };
  }

  /** Applies a change and tells the handlers (the feed and the first list call it). */
  apply(type: InformerEvent['type'], obj: T): void {
    const key = objectKeyOf(obj);
    const old = this.objects.get(key);
    if (type === 'DELETED') {
      if (old === undefined && !this.synced) this.syncTombstones?.set(key, resourceVersionOf(obj));
      if (old === undefined) return;
      this.remove(key, old);
      this.emit({ type, object: obj, old });
      return;
    }
    if (old !== undefined && resourceVersionOf(old) > resourceVersionOf(obj)) return;
    if (old !== undefined) this.remove(key, old);
    this.insert(key, obj);
    this.emit(old === undefined ? { type: 'ADDED', object: obj } : { type: 'MODIFIED', object: obj, old });
  }

  /** Fills the cache from a list taken while the feed was already running. */
  fill(items: readonly T[]): void {
    for (const obj of items) {
      const key = objectKeyOf(obj);
      const gone = this.syncTombstones?.get(key);
      if (gone !== undefined && gone >= resourceVersionOf(obj)) continue;
      const cached = this.objects.get(key);
      if (cached !== undefined && resourceVersionOf(cached) >= resourceVersionOf(obj)) continue;
      this.apply('ADDED', obj);
    }
    this.syncTombstones = undefined;
    this.synced = true;
  }

  private insert(key: string, obj: T): void {
    this.objects.set(key, obj);
    const ns = namespaceOf(obj);
    let byNs = this.namespaces.get(ns);
    if (byNs === undefined) {
      byNs = new Map();
      this.namespaces.set(ns, byNs);
    }
    byNs.set(key, obj);
    for (const uid of ownerUids(obj)) {
      let set = this.owners.get(uid);
      if (set === undefined) {
        set = new Set();
        this.owners.set(uid, set);
      }
      set.add(key);
    }
  }

  private remove(key: string, obj: T): void {
    this.objects.delete(key);
    const ns = namespaceOf(obj);
    const byNs = this.namespaces.get(ns);
    byNs?.delete(key);
    if (byNs !== undefined && byNs.size === 0) this.namespaces.delete(ns);
    for (const uid of ownerUids(obj)) {
      const set = this.owners.get(uid);
      set?.delete(key);
      if (set !== undefined && set.size === 0) this.owners.delete(uid);
    }
  }

  private emit(event: InformerEvent<T>): void {
    for (const h of this.handlers) h(event);
  }
}
