/**
 * The generic client for any group/version/resource, namespaced or not: get, list (whole, by
 * chunks, or item by item), create, update, patch (merge, JSON, strategic, apply), apply, delete,
 * deleteCollection, watch, Table and protobuf reads, sub-resources, dry-run and field managers.
 */
import { definedMembers } from '../../machinery/defined-members.js';
import { AbortedError, InputError, TimeoutError } from '../errors.js';
import { MEDIA_TYPES, SDK_FIELD_MANAGER } from '../naming.js';
import type { QueryParams } from '../transport/http-types.js';
import type { DeleteOptions, KubeObject, ObjectBase } from '../types/meta.js';
import type { ObjectList } from '../types/list.js';
import type { Status } from '../types/status.js';
import type { Table } from '../types/table.js';
import type { WatchEvent } from '../types/watch.js';
import { timeoutSignal } from '../timeout-signal.js';
import { decodeWatchEvents } from '../watch/decoder.js';
import { watch as resumableWatch, type ResumableWatchOptions, type ResumeOptions } from '../watch/watcher.js';
import { PROTOBUF_ACCEPT, TABLE_ACCEPT } from './media-types.js';
import type {
  ApplyOptions, CallOptions, CreateOptions, DeleteCallOptions, DeleteCollectionOptions, GetOptions, ListOptions,
  PatchOptions, PatchType, TableOptions, WatchOptions, WriteOptions,
} from './options.js';
import { resourcePath } from './paths.js';
import type { ProtobufEnvelope } from './protobuf.js';
import type { RestClient, RestRequest } from './rest-client.js';

/** Options of a resource client's `.watch()`: a request's, and how the watch resumes. */
export type ResourceWatchOptions<T extends ObjectBase> = WatchOptions & ResumeOptions<T>;

/** The options of the resumable watch that `.watch(opts)` stands for. */
function resumeOptionsOf<T extends ObjectBase>(opts: ResourceWatchOptions<T>): ResumableWatchOptions<T> {
  if (opts.sendInitialEvents !== undefined || opts.resourceVersionMatch !== undefined) {
    throw new InputError('sendInitialEvents and resourceVersionMatch apply to plain watches only: pass resume: false');
  }
  const { resume: _resume, timeoutMs, allowWatchBookmarks, emitBookmarks, signal, ...rest } = opts;
  const out: ResumableWatchOptions<T> = { ...rest, emitBookmarks: emitBookmarks ?? allowWatchBookmarks === true };
  // A request timeout would end every request of a resuming watch; it bounds the whole watch instead.
  const bounded = [signal, timeoutMs !== undefined && timeoutMs > 0 ? timeoutSignal(timeoutMs) : undefined].filter((s) => s !== undefined);
  if (bounded.length > 0) out.signal = bounded.length === 1 ? bounded[0] : AbortSignal.any(bounded);
  return out;
}

/** Identifies a resource type. */
export interface ResourceDescriptor {
  /** API group; `''` for the core group. */
  group: string;
  version: string;
  /** Plural URL name, e.g. `configmaps`. */
  resource: string;
  namespaced: boolean;
  /** Kind, e.g. `ConfigMap` (for bodies the client builds and for messages). */
  kind?: string;
}

/** The media type of each patch flavour. */
export const PATCH_CONTENT_TYPES: Readonly<Record<PatchType, string>> = {
  merge: MEDIA_TYPES.mergePatch,
  json: MEDIA_TYPES.jsonPatch,
  strategic: MEDIA_TYPES.strategicMergePatch,
  apply: MEDIA_TYPES.applyPatch,
};

/** Chunk size of {@link ResourceClient.listPages} when the caller gives none (kubectl's). */
export const DEFAULT_CHUNK_SIZE = 500;

/** True when a list/get answer is a server-side Table. */
export function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Table'
    && Array.isArray((value as { columnDefinitions?: unknown }).columnDefinitions);
}

function callParts(opts: CallOptions | undefined): Pick<RestRequest, 'signal' | 'timeoutMs'> {
  return definedMembers<CallOptions, 'signal' | 'timeoutMs'>(opts ?? {}, ['signal', 'timeoutMs']);
}

function listQuery(opts: ListOptions | WatchOptions | DeleteCollectionOptions | undefined): QueryParams {
  const q: QueryParams = {};
  if (opts === undefined) return q;
  if (opts.labelSelector !== undefined && opts.labelSelector !== '') q.labelSelector = opts.labelSelector;
  if (opts.fieldSelector !== undefined && opts.fieldSelector !== '') q.fieldSelector = opts.fieldSelector;
  if ('limit' in opts && opts.limit !== undefined && opts.limit > 0) q.limit = opts.limit;
  if ('continue' in opts && opts.continue !== undefined && opts.continue !== '') q.continue = opts.continue;
  if (opts.resourceVersion !== undefined) q.resourceVersion = opts.resourceVersion;
  if (opts.resourceVersionMatch !== undefined) q.resourceVersionMatch = opts.resourceVersionMatch;
  if ('timeoutSeconds' in opts && opts.timeoutSeconds !== undefined) q.timeoutSeconds = opts.timeoutSeconds;
  return q;
}

function writeQuery(opts: WriteOptions | undefined, defaultManager?: string): QueryParams {
  const q: QueryParams = {};
  if (opts?.dryRun === true) q.dryRun = 'All';
  const manager = opts?.fieldManager ?? defaultManager;
  if (manager !== undefined && manager !== '') q.fieldManager = manager;
  if (opts?.fieldValidation !== undefined) q.fieldValidation = opts.fieldValidation;
  return q;
}

function deleteBody(opts: DeleteCallOptions | undefined): DeleteOptions | undefined {
  if (opts === undefined) return undefined;
  const body: DeleteOptions = { kind: 'DeleteOptions', apiVersion: 'v1' };
  let any = false;
  if (opts.propagationPolicy !== undefined) { body.propagationPolicy = opts.propagationPolicy; any = true; }
  if (opts.gracePeriodSeconds !== undefined) { body.gracePeriodSeconds = opts.gracePeriodSeconds; any = true; }
  if (opts.preconditions !== undefined) { body.preconditions = opts.preconditions; any = true; }
  if (opts.dryRun === true) { body.dryRun = ['All']; any = true; }
  return any ? body : undefined;
}

/** A client for one resource type, optionally bound to a namespace. */
export class ResourceClient<T extends ObjectBase = KubeObject> {
  /** The resource type. */
  readonly descriptor: Readonly<ResourceDescriptor>;
  /** The bound namespace; undefined = all namespaces for lists, the object's or default namespace for single objects. */
  readonly boundNamespace: string | undefined;
  /** The field manager of applies that name none (default `platformctl-sdk`). */
  readonly fieldManager: string;
  private readonly rest: RestClient;
  private readonly defaultNamespace: string;

  constructor(rest: RestClient, descriptor: ResourceDescriptor, options: { namespace?: string | undefined; defaultNamespace?: string; fieldManager?: string } = {}) {
    this.rest = rest;
    this.descriptor = descriptor;
    this.boundNamespace = descriptor.namespaced ? options.namespace : undefined;
    this.defaultNamespace = options.defaultNamespace ?? 'default';
    this.fieldManager = options.fieldManager ?? SDK_FIELD_MANAGER;
  }

  /** The same client bound to `namespace`. */
  namespace(namespace: string): ResourceClient<T> {
    return new ResourceClient<T>(this.rest, this.descriptor, { namespace, defaultNamespace: this.defaultNamespace, fieldManager: this.fieldManager });
  }

  /** The same client unbound: lists and watches span all namespaces. */
  allNamespaces(): ResourceClient<T> {
    return new ResourceClient<T>(this.rest, this.descriptor, { defaultNamespace: this.defaultNamespace, fieldManager: this.fieldManager });
  }

  private gvr(): { group: string; version: string; resource: string } {
    return { group: this.descriptor.group, version: this.descriptor.version, resource: this.descriptor.resource };
  }

  /** Namespace for a single-object call. */
  private objectNamespace(obj?: ObjectBase): string | undefined {
    if (!this.descriptor.namespaced) return undefined;
    const fromObject = obj?.metadata?.namespace;
    if (this.boundNamespace !== undefined) {
      if (fromObject !== undefined && fromObject !== '' && fromObject !== this.boundNamespace) {
        throw new InputError(`the namespace from the provided object "${fromObject}" does not match the namespace "${this.boundNamespace}". You must pass '--namespace=${fromObject}' to perform this operation.`);
      }
      return this.boundNamespace;
    }
    return fromObject !== undefined && fromObject !== '' ? fromObject : this.defaultNamespace;
  }

  private objectPath(name: string, obj?: ObjectBase, subresource?: string): string {
    if (name === '') throw new InputError(`resource name may not be empty`);
    return resourcePath({ ...this.gvr(), namespace: this.objectNamespace(obj), name, subresource });
  }

  private collectionPath(): string {
    return resourcePath({ ...this.gvr(), namespace: this.boundNamespace });
  }

  private errorContext(name?: string): NonNullable<RestRequest['errorContext']> {
    const ctx: NonNullable<RestRequest['errorContext']> = { group: this.descriptor.group, resource: this.descriptor.resource };
    if (name !== undefined) ctx.name = name;
    return ctx;
  }

  private nameOf(obj: ObjectBase): string {
    const name = obj.metadata?.name;
    if (name === undefined || name === '') throw new InputError('resource name may not be empty');
    return name;
  }

  /** Reads one object (or a sub-resource of it). */
  get(name: string, opts?: GetOptions): Promise<T> {
    const query: QueryParams = {};
    if (opts?.resourceVersion !== undefined) query.resourceVersion = opts.resourceVersion;
    return this.rest.json<T>({ method: 'GET', path: this.objectPath(name, undefined, opts?.subresource), query, errorContext: this.errorContext(name), ...callParts(opts) });
  }

  /** Reads one object as a server-side Table (or the object itself when the type has no Table). */
  getTable(name: string, opts?: GetOptions & TableOptions): Promise<Table | T> {
    const query: QueryParams = {};
    if (opts?.resourceVersion !== undefined) query.resourceVersion = opts.resourceVersion;
    if (opts?.includeObject !== undefined) query.includeObject = opts.includeObject;
    return this.rest.json<Table | T>({ method: 'GET', path: this.objectPath(name, undefined, opts?.subresource), query, accept: TABLE_ACCEPT, errorContext: this.errorContext(name), ...callParts(opts) });
  }

  /** Reads one object in protobuf and returns the decoded envelope (JSON-only types are a ProtocolError). */
  async getProtobuf(name: string, opts?: GetOptions): Promise<ProtobufEnvelope> {
    const res = await this.rest.request({ method: 'GET', path: this.objectPath(name, undefined, opts?.subresource), accept: PROTOBUF_ACCEPT, errorContext: this.errorContext(name), ...callParts(opts) });
    return res.protobuf();
  }

  /** Lists objects (one chunk when `limit` is set; see {@link listPages} for all chunks). */
  list(opts?: ListOptions): Promise<ObjectList<T>> {
    return this.rest.json<ObjectList<T>>({ method: 'GET', path: this.collectionPath(), query: listQuery(opts), errorContext: this.errorContext(), ...callParts(opts) });
  }

  /** Lists objects as a server-side Table (or a plain list when the type has no Table). */
  listTable(opts?: ListOptions & TableOptions): Promise<Table | ObjectList<T>> {
    const query = listQuery(opts);
    if (opts?.includeObject !== undefined) query.includeObject = opts.includeObject;
    return this.rest.json<Table | ObjectList<T>>({ method: 'GET', path: this.collectionPath(), query, accept: TABLE_ACCEPT, errorContext: this.errorContext(), ...callParts(opts) });
  }

  /** Lists chunk by chunk (`limit`/`continue`), yielding each list response. */
  async *listPages(opts?: ListOptions): AsyncGenerator<ObjectList<T>> {
    let token = opts?.continue;
    const limit = opts?.limit ?? DEFAULT_CHUNK_SIZE;
    do {
      const pageOpts: ListOptions = { ...opts, limit };
      if (token !== undefined) pageOpts.continue = token;
      const page = await this.list(pageOpts);
      yield page;
      token = page.metadata?.continue;
    } while (token !== undefined && token !== '');
  }

  /** Lists as Tables chunk by chunk, so output can be printed as it arrives. */
  async *listTablePages(opts?: ListOptions & TableOptions): AsyncGenerator<Table | ObjectList<T>> {
    let token = opts?.continue;
    const limit = opts?.limit ?? DEFAULT_CHUNK_SIZE;
    do {
      const pageOpts: ListOptions & TableOptions = { ...opts, limit };
      if (token !== undefined) pageOpts.continue = token;
      const page = await this.listTable(pageOpts);
      yield page;
      token = page.metadata?.continue;
    } while (token !== undefined && token !== '');
  }

  /** Every object of the list, fetched chunk by chunk. */
  async *listAll(opts?: ListOptions): AsyncGenerator<T> {
    for await (const page of this.listPages(opts)) yield* page.items;
  }

  /**
   * Creates an object (or POSTs to a sub-resource with `subresource`). A typed client takes only
   * its kind; POST bodies of another kind (a TokenRequest to `serviceaccounts/token`) go through
   * {@link createSubresource}.
   */
  create(obj: T, opts?: CreateOptions): Promise<T> {
    const path = opts?.subresource !== undefined
      ? this.objectPath(opts.name ?? this.nameOf(obj), obj, opts.subresource)
      : resourcePath({ ...this.gvr(), namespace: this.objectNamespace(obj) });
    return this.rest.json<T>({ method: 'POST', path, query: writeQuery(opts), body: obj, errorContext: this.errorContext(obj.metadata?.name), ...callParts(opts) });
  }

  /**
   * POSTs `body` to a sub-resource of the object `name` whose kind differs from this client's
   * (a TokenRequest to `serviceaccounts/<name>/token`, an Eviction to `pods/<name>/eviction`) and
   * resolves with the server's answer, typed `R`.
   */
  createSubresource<B extends ObjectBase, R extends ObjectBase = B>(name: string, subresource: string, body: B, opts?: WriteOptions): Promise<R> {
    return this.rest.json<R>({
      method: 'POST', path: this.objectPath(name, body, subresource), query: writeQuery(opts), body,
      errorContext: this.errorContext(name), ...callParts(opts),
    });
  }

  /** Replaces an object (PUT); `metadata.resourceVersion` makes it conditional. */
  update(obj: T, opts?: WriteOptions): Promise<T> {
    const name = this.nameOf(obj);
    return this.rest.json<T>({ method: 'PUT', path: this.objectPath(name, obj, opts?.subresource), query: writeQuery(opts), body: obj, errorContext: this.errorContext(name), ...callParts(opts) });
  }

  /** Patches an object: merge (default), JSON patch, strategic merge, or apply. */
  patch(name: string, patch: unknown, opts?: PatchOptions): Promise<T> {
    const type = opts?.type ?? 'merge';
    const query = writeQuery(opts, type === 'apply' ? this.fieldManager : undefined);
    if (opts?.forceConflicts === true || opts?.force === true) {
      if (type !== 'apply') throw new InputError('forceConflicts is only valid with apply patches');
      query.force = 'true';
    }
    return this.rest.json<T>({
      method: 'PATCH', path: this.objectPath(name, undefined, opts?.subresource), query, body: patch,
      contentType: PATCH_CONTENT_TYPES[type], errorContext: this.errorContext(name), ...callParts(opts),
    });
  }

  /**
   * Server-side apply of a (partial) object of this kind; `fieldManager` defaults to the client's
   * (`platformctl-sdk` unless the client names another).
   */
  apply(obj: T, opts?: ApplyOptions): Promise<T> {
    const name = this.nameOf(obj);
    const query = writeQuery(opts, this.fieldManager);
    if (opts?.forceConflicts === true || opts?.force === true) query.force = 'true';
    return this.rest.json<T>({
      method: 'PATCH', path: this.objectPath(name, obj, opts?.subresource), query, body: obj,
      contentType: MEDIA_TYPES.applyPatch, errorContext: this.errorContext(name), ...callParts(opts),
    });
  }

  /** Deletes an object; resolves with the object (still finalizing) or a Success Status. */
  delete(name: string, opts?: DeleteCallOptions): Promise<T | Status> {
    const body = deleteBody(opts);
    const req: RestRequest = { method: 'DELETE', path: this.objectPath(name), errorContext: this.errorContext(name), ...callParts(opts) };
    if (body !== undefined) req.body = body;
    return this.rest.json<T | Status>(req);
  }

  /** Deletes every object matching the selectors in the bound namespace (or cluster-wide). */
  deleteCollection(opts?: DeleteCollectionOptions): Promise<Status | ObjectList<T>> {
    const body = deleteBody(opts);
    const req: RestRequest = { method: 'DELETE', path: this.collectionPath(), query: listQuery(opts), errorContext: this.errorContext(), ...callParts(opts) };
    if (body !== undefined) req.body = body;
    return this.rest.json<Status | ObjectList<T>>(req);
  }

  /**
   * Watches changes as an async iterable of events. By default the watch resumes (see
   * {@link WatchOptions.resume}): it reconnects from the last resource version it saw, lists
   * again on 410 Gone and emits only what changed, and throws on other ERROR events; `timeoutMs`
   * bounds the whole watch. With `resume: false` it is one raw watch request (ERROR events
   * included, as the server sends them). Aborting the signal ends the iteration cleanly.
   */
  watch(opts?: ResourceWatchOptions<T>): AsyncIterable<WatchEvent<T>> {
    if (opts?.resume === false) return this.plainWatch(opts);
    return resumableWatch(this, resumeOptionsOf(opts ?? {}));
  }

  private plainWatch(opts: WatchOptions): AsyncIterable<WatchEvent<T>> {
    const query = listQuery(opts);
    query.watch = 'true';
    if (opts?.allowWatchBookmarks === true) query.allowWatchBookmarks = 'true';
    if (opts?.sendInitialEvents !== undefined) query.sendInitialEvents = String(opts.sendInitialEvents);
    const req: RestRequest = { method: 'GET', path: this.collectionPath(), query, errorContext: this.errorContext(), ...callParts(opts) };
    const rest = this.rest;
    return {
      async *[Symbol.asyncIterator](): AsyncGenerator<WatchEvent<T>> {
        let res;
        try {
          res = await rest.stream(req);
        } catch (err) {
          if (err instanceof AbortedError) return;
          throw err;
        }
        try {
          yield* decodeWatchEvents<T>(res.body);
        } catch (err) {
          if (err instanceof AbortedError) return;
          // A watch that reached its request timeout simply ends, as kubectl's does.
          if (err instanceof TimeoutError) return;
          throw err;
        } finally {
          res.cancel();
        }
      },
    };
  }
}
