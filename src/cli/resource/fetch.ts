/**
 * The resource builder, step two: reads the objects of a {@link ResourceQuery}, named objects
 * one GET each, lists in chunks (`limit`/`continue`) so a caller can print as they arrive and keep
 * only one chunk in memory.
 */
import type { PlatformClient } from '../../sdk/client.js';
import type { ResourceMapping } from '../../sdk/discovery/rest-mapper.js';
import { StatusError } from '../../sdk/errors.js';
import type { ListOptions } from '../../sdk/rest/options.js';
import type { ResourceClient } from '../../sdk/rest/resource-client.js';
import type { KubeObject } from '../../sdk/types/meta.js';
import type { ResourceQuery } from './resolve.js';
import type { ResourceSelection } from './selection.js';
import { apiVersionOf } from '../../machinery/group-version.js';

/** Options of {@link fetchObjects}. */
export interface FetchOptions {
  /** Selectors of listed queries (ignored for named ones). */
  selection: Pick<ResourceSelection, 'labelSelector' | 'fieldSelector'>;
  /** Objects per list request (`--chunk-size`); 0 lists in one request. Default 500. */
  chunkSize?: number;
  signal?: AbortSignal;
  /** Read a sub-resource of named objects (`status`, `scale`). */
  subresource?: string;
  /** Skip named objects that do not exist (`--ignore-not-found`) instead of reporting them. */
  ignoreNotFound?: boolean;
  /**
   * Receives the error of one named object (kubectl carries on with the others and reports the
   * errors after the output). Without it the first error is thrown.
   */
  onError?: (error: unknown, name: string) => void;
}

export { apiVersionOf };

/**
 * The object with `apiVersion` and `kind` set from its mapping when it lacks them (list items
 * carry neither on the wire; kubectl's decoder fills them in).
 */
export function withTypeMeta(object: KubeObject, mapping: Pick<ResourceMapping, 'group' | 'version' | 'kind'>): KubeObject {
  if (object.apiVersion !== undefined && object.apiVersion !== '' && object.kind !== undefined && object.kind !== '') return object;
  return { apiVersion: apiVersionOf(mapping), kind: mapping.kind, ...object };
}

/** The resource client of a query (bound to its namespace, or unbound for cluster scope and `-A`). */
export function clientForQuery(client: PlatformClient, query: ResourceQuery): ResourceClient {
  return client.resource(query.mapping, query.namespace);
}

/** List options from a selection, a chunk size and a signal. */
export function listOptionsFor(selection: FetchOptions['selection'], chunkSize: number | undefined, signal: AbortSignal | undefined): ListOptions {
  const opts: ListOptions = {};
  if (selection.labelSelector !== '') opts.labelSelector = selection.labelSelector;
  if (selection.fieldSelector !== '') opts.fieldSelector = selection.fieldSelector;
  if (chunkSize !== undefined) opts.limit = chunkSize;
  if (signal !== undefined) opts.signal = signal;
  return opts;
}

/** Whether an error is the server's NotFound. */
export function isNotFound(err: unknown): boolean {
  return err instanceof StatusError && err.code === 404;
}

/**
 * The objects of one query, chunk by chunk: each list chunk as it arrives, or each named object
 * on its own. Every object has `apiVersion` and `kind`.
 */
export async function* fetchObjects(client: PlatformClient, query: ResourceQuery, options: FetchOptions): AsyncGenerator<KubeObject[]> {
  const rc = clientForQuery(client, query);
  if (query.names !== undefined) {
    for (const name of query.names) {
      try {
        const getOpts: Parameters<typeof rc.get>[1] = {};
        if (options.signal !== undefined) getOpts.signal = options.signal;
        if (options.subresource !== undefined) getOpts.subresource = options.subresource;
        yield [withTypeMeta(await rc.get(name, getOpts), query.mapping)];
      } catch (err) {
        if (options.ignoreNotFound === true && isNotFound(err)) continue;
        if (options.onError === undefined) throw err;
        options.onError(err, name);
      }
    }
    return;
  }
  const chunk = options.chunkSize ?? 500;
  const listOpts = listOptionsFor(options.selection, chunk, options.signal);
  if (chunk <= 0) {
    delete listOpts.limit;
    const list = await rc.list(listOpts);
    yield list.items.map((o) => withTypeMeta(o, query.mapping));
    return;
  }
  for await (const page of rc.listPages(listOpts)) yield page.items.map((o) => withTypeMeta(o, query.mapping));
}

/** Every object of the queries, in order, in memory (for commands that act on each object). */
export async function fetchAllObjects(client: PlatformClient, queries: readonly ResourceQuery[], options: FetchOptions): Promise<{ query: ResourceQuery; object: KubeObject }[]> {
  const out: { query: ResourceQuery; object: KubeObject }[] = [];
  for (const query of queries) {
    for await (const chunk of fetchObjects(client, query, options)) for (const object of chunk) out.push({ query, object });
  }
  return out;
}
