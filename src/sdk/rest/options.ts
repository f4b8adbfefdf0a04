/**
 * Options of the resource client's calls. Every call takes a `signal` (AbortSignal) and may
 * override the request timeout.
 */
import type { DeleteOptions } from '../types/meta.js';

/** Options every call takes. */
export interface CallOptions {
  /** Aborts the call. */
  signal?: AbortSignal;
  /** Overrides the client's request timeout for this call, in ms (0 = none). */
  timeoutMs?: number;
}

/** Options of `get`. */
export interface GetOptions extends CallOptions {
  resourceVersion?: string;
  /** A sub-resource to read (`status`, `scale`, `log`, ...). */
  subresource?: string;
}

/** Selectors shared by list, watch and deleteCollection. */
export interface SelectorOptions {
  labelSelector?: string;
  fieldSelector?: string;
}

/** Options of `list` and friends. */
export interface ListOptions extends CallOptions, SelectorOptions {
  /** Maximum items per chunk. */
  limit?: number;
  /** Continue token from a previous chunk. */
  continue?: string;
  resourceVersion?: string;
  resourceVersionMatch?: 'NotOlderThan' | 'Exact';
  timeoutSeconds?: number;
}

/** What a Table row carries: nothing, the object's metadata (default) or the whole object. */
export type IncludeObject = 'None' | 'Metadata' | 'Object';

/** Options of Table requests. */
export interface TableOptions {
  includeObject?: IncludeObject;
}

/** Options of `watch`. */
export interface WatchOptions extends CallOptions, SelectorOptions {
  resourceVersion?: string;
  resourceVersionMatch?: 'NotOlderThan' | 'Exact';
  allowWatchBookmarks?: boolean;
  sendInitialEvents?: boolean;
  /** Server-side end of the watch. */
  timeoutSeconds?: number;
}

/** Options of writes (create, update, patch, apply). */
export interface WriteOptions extends CallOptions {
  /** Run admission and validation without persisting (`dryRun=All`). */
  dryRun?: boolean;
  fieldManager?: string;
  fieldValidation?: 'Ignore' | 'Warn' | 'Strict';
  /** Write a sub-resource (`status`, `scale`, ...). */
  subresource?: string;
}

/** Options of `create`. */
export interface CreateOptions extends WriteOptions {
  /** For sub-resource creates (`pods/<name>/eviction`): the parent's name (default: the body's name). */
  name?: string;
}

/** Patch flavours and their media types. */
export type PatchType = 'merge' | 'json' | 'strategic' | 'apply';

/** Options of `patch`. */
export interface PatchOptions extends WriteOptions {
  /** Default `merge`. */
  type?: PatchType;
  /** Apply only: take ownership of conflicting fields. */
  force?: boolean;
}

/** Options of `apply` (server-side apply). */
export interface ApplyOptions extends WriteOptions {
  /** Take ownership of fields other managers own. */
  force?: boolean;
}

/** Options of `delete`. */
export interface DeleteCallOptions extends CallOptions {
  propagationPolicy?: DeleteOptions['propagationPolicy'];
  gracePeriodSeconds?: number;
  preconditions?: DeleteOptions['preconditions'];
  dryRun?: boolean;
}

/** Options of `deleteCollection`. */
export interface DeleteCollectionOptions extends DeleteCallOptions, SelectorOptions {
  limit?: number;
  resourceVersion?: string;
  resourceVersionMatch?: 'NotOlderThan' | 'Exact';
}
