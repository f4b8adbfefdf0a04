/**
 * Where a resumable watch reads from: one list page at a time, and a raw watch stream. The
 * default source is a {@link ResourceClient}; other sources (a server Table watch, a test double)
 * only need these two calls and a way to find the metadata of an item.
 */
import type { ListOptions, WatchOptions } from '../rest/options.js';
import type { ResourceClient } from '../rest/resource-client.js';
import type { ObjectBase, ObjectMeta } from '../types/meta.js';
import type { WatchEvent } from '../types/watch.js';

/** One page of a list, as a watch source returns it. */
export interface SourcePage<T extends ObjectBase> {
  items: T[];
  /** The list's resource version (where a watch after it starts). */
  resourceVersion: string | undefined;
  /** The continue token of the next page, if any. */
  continue: string | undefined;
}

/** What a resumable watch reads from. */
export interface WatchSource<T extends ObjectBase> {
  /** One page of the list (`limit`/`continue` as in the options). */
  listPage(options: ListOptions): Promise<SourcePage<T>>;
  /** A raw watch stream (ERROR events included, as the server sends them). */
  watch(options: WatchOptions): AsyncIterable<WatchEvent<T>>;
  /** The metadata of an item (name, namespace, uid, resourceVersion). */
  metadataOf(item: T): ObjectMeta | undefined;
}

/** The watch source of a resource client: plain objects. */
export function resourceWatchSource<T extends ObjectBase>(client: ResourceClient<T>): WatchSource<T> {
  return {
    async listPage(options) {
      const list = await client.list(options);
      return { items: list.items, resourceVersion: list.metadata?.resourceVersion, continue: list.metadata?.continue };
    },
    // The raw stream: the resumable watch reading this source does the resuming itself.
    watch: (options) => client.watch({ ...options, resume: false }),
    metadataOf: (item) => item.metadata,
  };
}
