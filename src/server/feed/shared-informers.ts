/**
 * Shared informers over the server's change feed: one {@link Informer} per stored kind, shared by
 * every controller of a server, filled by one list at start and kept current by the change feed
 * (which reports each persisted write before the write returns, so a controller reads its own
 * writes at once and needs none of client-go's "expectations"). The composition root creates one
 * set per server context (`ctx.informers`).
 */
import type { WriteEvent } from './change-feed.js';
import type { Registry } from '../registry/registry.js';
import type { AnyDef } from '../registry/kind-def.js';
import type { JsonObject } from '../../sdk/types/meta.js';
import { fromStorage } from '../rest/keys.js';
import type { Store } from '../storage/index.js';
import { Informer, objectKeyOf } from './informer.js';

/** What the informers read: the registry, the store and the change feed. */
export interface InformerSources {
  registry: Registry;
  store: Store;
  /** Subscribes to persisted changes; returns an unsubscribe function. */
  onWrite(listener: (event: WriteEvent) => void): () => void;
  log(line: string): void;
}

/** The informers of one server, created with its context and shared by its controllers. */
export class SharedInformers {
  private readonly byBucket = new Map<string, Informer>();
  private readonly filling = new Map<Informer, Promise<void>>();
  private unsubscribe: (() => void) | undefined;
  private starting: Promise<void> | undefined;

  constructor(private readonly ctx: InformerSources) {}

  /**
   * The informer of a def's storage bucket (objects are kept in the version of the def that first
   * asked). A typed def gets its objects' type; it must ask in the version the informer keeps.
   */
  informerFor<T extends JsonObject = JsonObject>(def: AnyDef<T>): Informer<T> {
    let inf = this.byBucket.get(def.bucket);
    if (inf === undefined) {
      inf = new Informer(def);
      this.byBucket.set(def.bucket, inf);
      this.subscribe();
      // An informer asked for after start() is filled on its own.
      if (this.starting !== undefined) void this.fillOne(inf);
    }
    if (inf.def.version !== def.version) throw new Error(`the informer of ${def.plural} keeps ${inf.def.version}, not ${def.version}`);
    // The objects of a def's bucket are of the def's type (registry/kind-def.ts says why).
    return inf as unknown as Informer<T>;
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
}
