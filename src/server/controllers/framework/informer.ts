/**
 * Shared informers over the server's change feed: one cache per stored kind, shared by every
 * controller of a context, filled by one list at start and kept current by `ctx.onWrite` (which
 * reports each persisted write before the write returns, so a controller reads its own writes at
 * once and needs none of client-go's "expectations"). Each cache is indexed by namespace and by
 * owner uid; selector queries scan one namespace's index. Cached objects are the store's frozen
 * values: readers copy before they change anything.
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { ServerContext, WriteEvent } from '../../context.js';
import type { ResourceDef } from '../../registry/types.js';
import { fromStorage } from '../../rest/keys.js';
import { matchesLabels, type LabelSelector } from '../../../machinery/labels/selector.js';
import { asArray, asObject, asString } from '../../util/json.js';

/** A change of a cached object. */
export interface InformerEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: JsonObject;
  /** The object before a MODIFIED or DELETED change (when known). */
  old?: JsonObject | undefined;
}

/** Receives the changes of one informer (synchronously: queue keys, do no work). */
export type InformerHandler = (event: InformerEvent) => void;

/** `namespace/name`, or `name` for cluster-scoped objects: the work-queue key of an object. */
export function objectKeyOf(obj: JsonObject): string {
  const meta = asObject(obj.metadata) ?? {};
  const ns = asString(meta.namespace) ?? '';
  const name = asString(meta.name) ?? '';
  return ns === '' ? name : `${ns}/${name}`;
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

/** The cache of one kind. */
export class Informer {
  private readonly objects = new Map<string, JsonObject>();
  private readonly namespaces = new Map<string, Map<string, JsonObject>>();
  private readonly owners = new Map<string, Set<string>>();
  private readonly handlers: InformerHandler[] = [];
  /** Keys deleted while the first list ran, with the version of their deletion. */
  private syncTombstones: Map<string, number> | undefined = new Map();
  synced = false;

  constructor(readonly def: ResourceDef) {}

  /** One object, or undefined. */
  get(namespace: string, name: string): JsonObject | undefined {
    return this.objects.get(namespace === '' || !this.def.namespaced ? name : `${namespace}/${name}`);
  }

  /** The object of a work-queue key. */
  getByKey(key: string): JsonObject | undefined {
    return this.objects.get(key);
  }

  /** Objects in one namespace (every namespace for ''), optionally those a selector matches. */
  list(namespace = '', selector?: LabelSelector): JsonObject[] {
    const source = namespace === '' || !this.def.namespaced ? this.objects.values() : (this.namespaces.get(namespace)?.values() ?? [].values());
    const out: JsonObject[] = [];
    for (const obj of source) {
      if (selector === undefined || matchesLabels(selector, asObject(asObject(obj.metadata)?.labels))) out.push(obj);
    }
    return out;
  }

  /** Objects that name `uid` among their owner references. */
  ownedBy(uid: string): JsonObject[] {
    const out: JsonObject[] = [];
    for (const key of this.owners.get(uid) ?? []) {
      const obj = this.objects.get(key);
      if (obj !== undefined) out.push(obj);
    }
    return out;
  }

  /** Number of cached objects. */
  get size(): number {
    return this.objects.size;
  }

  /** Adds a change handler. */
  addHandler(handler: InformerHandler): () => void {
    this.handlers.push(handler);
    return () => {
      const i = this.handlers.indexOf(handler);
      if (i >= 0) this.handlers.splice(i, 1);
    };
  }

  /** Applies a change and tells the handlers (the feed and the first list call it). */
  apply(type: InformerEvent['type'], obj: JsonObject, notify = true): void {
    const key = objectKeyOf(obj);
    const old = this.objects.get(key);
    if (type === 'DELETED') {
      if (old === undefined && !this.synced) this.syncTombstones?.set(key, resourceVersionOf(obj));
      if (old === undefined) return;
      this.remove(key, old);
      if (notify) this.emit({ type, object: obj, old });
      return;
    }
    if (old !== undefined && resourceVersionOf(old) > resourceVersionOf(obj)) return;
    if (old !== undefined) this.remove(key, old);
    this.insert(key, obj);
    if (notify) this.emit(old === undefined ? { type: 'ADDED', object: obj } : { type: 'MODIFIED', object: obj, old });
  }

  /** Fills the cache from a list taken while the feed was already running. */
  fill(items: readonly JsonObject[]): void {
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

  private insert(key: string, obj: JsonObject): void {
    this.objects.set(key, obj);
    const ns = asString(asObject(obj.metadata)?.namespace) ?? '';
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

  private remove(key: string, obj: JsonObject): void {
    this.objects.delete(key);
    const ns = asString(asObject(obj.metadata)?.namespace) ?? '';
    const byNs = this.namespaces.get(ns);
    byNs?.delete(key);
    if (byNs !== undefined && byNs.size === 0) this.namespaces.delete(ns);
    for (const uid of ownerUids(obj)) {
      const set = this.owners.get(uid);
      set?.delete(key);
      if (set !== undefined && set.size === 0) this.owners.delete(uid);
    }
  }

  private emit(event: InformerEvent): void {
    for (const h of this.handlers) h(event);
  }
}

const FACTORIES = new WeakMap<ServerContext, SharedInformers>();

/** The informers of one server context, created on first use and shared by its controllers. */
export class SharedInformers {
  private readonly byBucket = new Map<string, Informer>();
  private readonly filling = new Map<Informer, Promise<void>>();
  private unsubscribe: (() => void) | undefined;
  private starting: Promise<void> | undefined;

  private constructor(private readonly ctx: ServerContext) {}

  /** The shared informers of a context. */
  static of(ctx: ServerContext): SharedInformers {
    let f = FACTORIES.get(ctx);
    if (f === undefined) {
      f = new SharedInformers(ctx);
      FACTORIES.set(ctx, f);
    }
    return f;
  }

  /** The informer of a served resource (by group, version and plural). */
  informer(group: string, version: string, plural: string): Informer {
    const def = this.ctx.registry.lookup(group, version, plural);
    if (def === undefined) throw new Error(`resource ${plural}.${version}.${group} is not served`);
    return this.informerFor(def);
  }

  /** The informer of a def's storage bucket (objects are kept in that def's version). */
  informerFor(def: ResourceDef): Informer {
    let inf = this.byBucket.get(def.bucket);
    if (inf === undefined) {
      inf = new Informer(def);
      this.byBucket.set(def.bucket, inf);
      this.subscribe();
      // An informer asked for after start() is filled on its own.
      if (this.starting !== undefined) void this.fillOne(inf);
    }
    return inf;
  }

  private subscribe(): void {
    this.unsubscribe ??= this.ctx.onWrite((ev) => this.onWrite(ev));
  }

  private onWrite(ev: WriteEvent): void {
    const inf = this.byBucket.get(ev.def.bucket);
    if (inf === undefined) return;
    if (ev.def === inf.def || ev.def.version === inf.def.version) {
      inf.apply(ev.type, ev.object);
      return;
    }
    // Written through another version of the kind: read the stored form back in the informer's version.
    if (ev.type === 'DELETED') {
      inf.apply('DELETED', ev.object);
      return;
    }
    const key = objectKeyOf(ev.object);
    void this.ctx.store.get(inf.def.bucket, key).then((entry) => {
      if (entry !== undefined) inf.apply('MODIFIED', fromStorage(inf.def, entry.value));
    }, (e: unknown) => this.ctx.log(`informer ${inf.def.plural}: ${e instanceof Error ? e.message : String(e)}`));
  }

  private fillOne(inf: Informer): Promise<void> {
    let p = this.filling.get(inf);
    if (p === undefined) {
      p = this.ctx.store.list(inf.def.bucket).then((r) => inf.fill(r.items.map((e) => fromStorage(inf.def, e.value))));
      this.filling.set(inf, p);
    }
    return p;
  }

  /** Lists every informer asked for so far (once); later informers fill themselves. */
  start(): Promise<void> {
    this.starting ??= (async () => {
      for (const inf of this.byBucket.values()) await this.fillOne(inf);
    })();
    return this.starting.then(async () => {
      for (const inf of this.byBucket.values()) await this.fillOne(inf);
    });
  }

  /** Stops following the change feed. */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}
