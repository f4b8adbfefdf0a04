/**
 * Options of the resource client's calls. Every call takes a `signal` (AbortSignal) and may
 * override the request timeout.
 */
import type { DeleteOptions } from '../types/meta.js';

/** Options every call takes. */
export interface CallOptions {
  /** Aborts the call. */
  signal?: AbortSignal | undefined;
  /** Overrides the client's request timeout for this call, in ms (0 = none). */
  timeoutMs?: number | undefined;
}

/** Options of `get`. */
export interface GetOptions extends CallOptions {
  resourceVersion?: string | undefined;
  /** A sub-resource to read (`status`, `scale`, `log`, ...). */
  subresource?: string | undefined;
}

/** Selectors shared by list, watch and deleteCollection. */
export interface SelectorOptions {
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
}

/** Options of `list` and friends. */
export interface ListOptions extends CallOptions, SelectorOptions {
  /** Maximum items per chunk. */
  limit?: number | undefined;
  /** Continue token from a previous chunk. */
  continue?: string | undefined;
  resourceVersion?: string | undefined;
  resourceVersionMatch?: 'NotOlderThan' | 'Exact' | undefined;
  timeoutSeconds?: number | undefined;
}

/** What a Table row carries: nothing, the object's metadata (default) or the whole object. */
export type IncludeObject = 'None' | 'Metadata' | 'Object';

/** Options of Table requests. */
export interface TableOptions {
  includeObject?: IncludeObject | undefined;
}

/** Options of `watch`. */
export interface WatchOptions extends CallOptions, SelectorOptions {
  /**
   * `true` (the default): the watch resumes from the last resource version it saw after a dropped
   * connection or the server's end of a request, lists again on 410 Gone, and throws on other ERROR
   * events, as the `watch()` function does. `false`: one plain watch request, its events as the server
   * sends them (ERROR events included), ended by the server's `timeoutSeconds` or the request timeout.
   */
  resume?: boolean | undefined;
  /** Events after this version only; absent, every existing object comes first as ADDED. */
  resourceVersion?: string | undefined;
  /** Plain watches only (`resume: false`). */
  resourceVersionMatch?: 'NotOlderThan' | 'Exact' | undefined;
  /** Deliver BOOKMARK events (a resuming watch asks for them anyway, to advance its version). */
  allowWatchBookmarks?: boolean | undefined;
  /** Plain watches only (`resume: false`): a resuming watch lists first instead. */
  sendInitialEvents?: boolean | undefined;
  /** Server-side end of each watch request (a resuming watch reconnects after it). */
  timeoutSeconds?: number | undefined;
}

/** Options of writes (create, update, patch, apply). */
export interface WriteOptions extends CallOptions {
  /** Run admission and validation without persisting (`dryRun=All`). */
  dryRun?: boolean | undefined;
  fieldManager?: string | undefined;
  fieldValidation?: 'Ignore' | 'Warn' | 'Strict' | undefined;
  /** Write a sub-resource (`status`, `scale`, ...). */
  subresource?: string | undefined;
}

/** Options of `create`. */
export interface CreateOptions extends WriteOptions {
  /** For sub-resource creates (`pods/<name>/eviction`): the parent's name (default: the body's name). */
  name?: string | undefined;
}

/** Patch flavours and their media types. */
export type PatchType = 'merge' | 'json' | 'strategic' | 'apply';

/** Options of `patch`. */
export interface PatchOptions extends WriteOptions {
  /** Default `merge`. */
  type?: PatchType | undefined;
  /** Apply only: take ownership of fields other managers own (kubectl's `--force-conflicts`). */
  forceConflicts?: boolean | undefined;
  /**
   * The same as {@link forceConflicts}.
   * @deprecated Use `forceConflicts`, kubectl's flag's name (kubectl's `--force` means delete and re-create).
   */
  force?: boolean | undefined;
}

/** Options of `apply` (server-side apply). */
export interface ApplyOptions extends WriteOptions {
  /** Take ownership of fields other managers own (kubectl's `--force-conflicts`). */
  forceConflicts?: boolean | undefined;
  /**
   * The same as {@link forceConflicts}.
   * @deprecated Use `forceConflicts`, kubectl's flag's name (kubectl's `--force` means delete and re-create).
   */
  force?: boolean | undefined;
}

/** Options of `delete`. */
export interface DeleteCallOptions extends CallOptions {
  propagationPolicy?: DeleteOptions['propagationPolicy'] | undefined;
  gracePeriodSeconds?: number | undefined;
  preconditions?: DeleteOptions['preconditions'] | undefined;
  dryRun?: boolean | undefined;
}

/** Options of `deleteCollection`. */
export interface DeleteCollectionOptions extends DeleteCallOptions, SelectorOptions {
  limit?: number | undefined;
  resourceVersion?: string | undefined;
  resourceVersionMatch?: 'NotOlderThan' | 'Exact' | undefined;
}
