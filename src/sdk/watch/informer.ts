/**
 * A list-then-watch informer: keeps a local cache of the objects of a resource type up to date
 * through a resumable {@link watch} (which lists again after 410 Gone and reports only the
 * changes), and calls add/update/delete handlers as objects change.
 */
import type { ResourceClient } from '../rest/resource-client.js';
import type { SelectorOptions } from '../rest/options.js';
import type { KubeObject, ObjectBase } from '../types/meta.js';
import { watch, type ResumeInfo } from './watcher.js';
import type { WatchSource } from './source.js';

/** Handlers of an {@link Informer}. */
export interface InformerHandlers<T extends ObjectBase> {
  onAdd?(object: T): void;
  onUpdate?(oldObject: T, newObject: T): void;
  onDelete?(object: T): void;
}

/** Options of an {@link Informer}. */
export interface InformerOptions extends SelectorOptions {
  /** Server-side duration of each watch request in seconds (the informer reconnects after it). */
  timeoutSeconds?: number | undefined;
  /** Objects per list request (default 500). */
  listChunkSize?: number | undefined;
  /** Consecutive failed reconnects before the informer gives up (default 5). */
  maxRetries?: number | undefined;
  /** First reconnect delay in ms (default 500). */
  retryDelayMs?: number | undefined;
  /** Called whenever the underlying watch resumes. */
  onResume?: ((info: ResumeInfo) => void) | undefined;
}

function cacheKey(object: ObjectBase): string {
  return `${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''}`;
}

/**
 * Caches the objects of one resource type. Start it with {@link run} (resolves when the signal is
 * aborted, rejects when the watch cannot continue); {@link hasSynced} is true once the first list
 * has been delivered to the handlers.
 *
 * ```ts
 * const informer = new Informer(client.configMaps('default'));
 * informer.addHandlers({ onAdd: (cm) => console.log('added', cm.metadata?.name) });
 * const done = informer.run(controller.signal);
 * await informer.waitForSync();
 * ```
 */
export class Informer<T extends ObjectBase = KubeObject> {
  private readonly source: ResourceClient<T> | WatchSource<T>;
  private readonly options: InformerOptions;
  private readonly cache = new Map<string, T>();
  private readonly handlers: InformerHandlers<T>[] = [];
  private synced = false;
  private readonly syncWaiters: (() => void)[] = [];

  constructor(source: ResourceClient<T> | WatchSource<T>, options: InformerOptions = {}) {
    this.source = source;
    this.options = options;
  }

  /** Adds handlers; objects already cached are replayed to `onAdd`. */
  addHandlers(handlers: InformerHandlers<T>): void {
    this.handlers.push(handlers);
    for (const object of this.cache.values()) handlers.onAdd?.(object);
  }

  /** True once the first list has been delivered. */
  hasSynced(): boolean {
    return this.synced;
  }

  /** Resolves when {@link hasSynced} becomes true. */
  waitForSync(): Promise<void> {
    if (this.synced) return Promise.resolve();
    return new Promise((resolve) => this.syncWaiters.push(resolve));
  }

  /** The cached object of a namespace and name. */
  get(namespace: string | undefined, name: string): T | undefined {
    return this.cache.get(`${namespace ?? ''}/${name}`);
  }

  /** Every cached object. */
  list(): T[] {
    return [...this.cache.values()];
  }

  /** Lists, then watches until `signal` is aborted. */
  async run(signal: AbortSignal): Promise<void> {
    const o = this.options;
    const events = watch<T>(this.source, {
      signal,
      ...(o.labelSelector === undefined ? {} : { labelSelector: o.labelSelector }),
      ...(o.fieldSelector === undefined ? {} : { fieldSelector: o.fieldSelector }),
      ...(o.timeoutSeconds === undefined ? {} : { timeoutSeconds: o.timeoutSeconds }),
      ...(o.listChunkSize === undefined ? {} : { listChunkSize: o.listChunkSize }),
      ...(o.maxRetries === undefined ? {} : { maxRetries: o.maxRetries }),
      ...(o.retryDelayMs === undefined ? {} : { retryDelayMs: o.retryDelayMs }),
      ...(o.onResume === undefined ? {} : { onResume: o.onResume }),
      onListed: () => this.markSynced(),
    });
    for await (const event of events) {
      const object = event.object as T;
      const key = cacheKey(object);
      if (event.type === 'DELETED') {
        const old = this.cache.get(key) ?? object;
        this.cache.delete(key);
        for (const h of this.handlers) h.onDelete?.(old);
        continue;
      }
      if (event.type !== 'ADDED' && event.type !== 'MODIFIED') continue;
      const old = this.cache.get(key);
      this.cache.set(key, object);
      for (const h of this.handlers) {
        if (old === undefined) h.onAdd?.(object);
        else h.onUpdate?.(old, object);
      }
    }
  }

  private markSynced(): void {
    if (this.synced) return;
    this.synced = true;
    for (const w of this.syncWaiters.splice(0)) w();
  }
}
