/**
 * WATCH: synthetic ADDED events for the current state when no version is given (or "0"), replay
 * from a version within the history window, an ERROR event carrying a 410 Status beyond it,
 * selection transitions (an object leaving the selection is DELETED, entering it ADDED),
 * bookmarks on request, and a bounded per-watch queue (a consumer too slow ends its watch).
 */
import { queryBool } from '../request/query-bool.js';
import type { JsonObject } from '../../sdk/types/meta.js';
import type { Status } from '../../sdk/types/status.js';
import { GROUPS } from '../../sdk/naming.js';
import type { ServerContext } from '../context.js';
import { badRequest, expired, tooLargeResourceVersion, type ApiError } from '../errors.js';
import { apiVersionOf, type ResourceDef } from '../registry/types.js';
import { FutureRVError, TooOldError, WatchOverflowError, type StoreEvent, type StoreWatch } from '../storage/index.js';
import { fieldError, invalid } from '../validation/field-errors.js';
import { fromStorage, namespacePrefix } from './keys.js';
import { parseResourceVersion } from './resource-version.js';
import { compileSelection } from './selection.js';
import { asObject } from '../util/json.js';

/** Query parameters of a watch. */
export interface WatchParams {
  labelSelector?: string | null;
  fieldSelector?: string | null;
  resourceVersion?: string | null;
  resourceVersionMatch?: string | null;
  allowWatchBookmarks?: string | null;
  timeoutSeconds?: string | null;
  sendInitialEvents?: string | null;
}

/** One event to send. */
export interface OutgoingEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: JsonObject;
}

/** A prepared watch: validated and positioned; iterate `events` to stream it. */
export interface PreparedWatch {
  timeoutMs: number;
  events: AsyncGenerator<OutgoingEvent>;
  /** Ends the watch (timeout, client gone): the event stream finishes promptly. */
  stop(): void;
}

/** The annotation marking the bookmark that ends the initial events of a `sendInitialEvents` watch. */
export const INITIAL_EVENTS_END = `${'platform.io'}/initial-events-end`;

function parseBool(v: string | null | undefined): boolean {
  return queryBool(v) === true;
}

function statusObject(e: ApiError): JsonObject {
  return e.toStatus() as Status as JsonObject;
}

function bookmark(def: ResourceDef, rv: number, annotations?: Record<string, string>): OutgoingEvent {
  const metadata: JsonObject = { resourceVersion: String(rv) };
  if (annotations !== undefined) metadata.annotations = annotations;
  return { type: 'BOOKMARK', object: { kind: def.kind, apiVersion: apiVersionOf(def), metadata } };
}

/** A resolved-later promise with its resolver. */
function signalPromise(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Validates the parameters and prepares the event stream (errors before streaming are HTTP errors). */
export function prepareWatch(ctx: ServerContext, def: ResourceDef, namespace: string, params: WatchParams, outer: AbortSignal): PreparedWatch {
  const controller = new AbortController();
  const signal = controller.signal;
  const stop = (): void => controller.abort();
  if (outer.aborted) stop();
  else outer.addEventListener('abort', stop, { once: true });
  const sendInitial = params.sendInitialEvents;
  if ((params.resourceVersionMatch ?? '') !== '' && (sendInitial ?? '') === '') {
    throw invalid({ group: GROUPS.meta, kind: 'ListOptions' }, '', [fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided')]);
  }
  if ((sendInitial ?? '') !== '' && params.resourceVersionMatch !== 'NotOlderThan') {
    throw invalid({ group: GROUPS.meta, kind: 'ListOptions' }, '', [fieldError.forbidden('resourceVersionMatch', "sendInitialEvents requires setting resourceVersionMatch to NotOlderThan")]);
  }
  if (parseBool(sendInitial) && !parseBool(params.allowWatchBookmarks)) {
    throw invalid({ group: GROUPS.meta, kind: 'ListOptions' }, '', [fieldError.forbidden('allowWatchBookmarks', 'allowWatchBookmarks must be set to true when sendInitialEvents is true')]);
  }
  const selection = compileSelection(def, params.labelSelector, params.fieldSelector);
  const rv = parseResourceVersion(params.resourceVersion);
  let timeoutMs: number;
  const ts = params.timeoutSeconds;
  if (ts !== null && ts !== undefined && ts !== '') {
    if (!/^\d+$/.test(ts)) throw badRequest(`invalid timeoutSeconds: ${JSON.stringify(ts)}`);
    timeoutMs = Number(ts) * 1000;
  } else {
    const min = ctx.options.minWatchTimeoutMs;
    timeoutMs = min + Math.floor(Math.random() * min);
  }
  const bookmarks = parseBool(params.allowWatchBookmarks);
  const initial = sendInitial === undefined || sendInitial === null ? rv === undefined || rv === 0 : parseBool(sendInitial);
  const prefix = namespacePrefix(def, namespace);

  async function* run(): AsyncGenerator<OutgoingEvent> {
    let startRV: number;
    if (rv !== undefined && rv > 0 && rv > ctx.store.currentRV) {
      try {
        await ctx.store.waitForRV(rv, ctx.options.futureRVWaitMs, signal);
      } catch (e) {
        if (e instanceof FutureRVError) {
          yield { type: 'ERROR', object: statusObject(tooLargeResourceVersion(rv, ctx.store.currentRV)) };
          return;
        }
        throw e;
      }
    }
    const initialEvents: OutgoingEvent[] = [];
    if (initial) {
      const listed = await ctx.store.list(def.bucket, {
        ...(prefix !== undefined ? { keyPrefix: prefix } : {}),
        ...(selection.empty ? {} : { filter: (v: JsonObject) => selection.matches(v) }),
      });
      for (const e of listed.items) initialEvents.push({ type: 'ADDED', object: fromStorage(def, e.value) });
      startRV = Math.max(listed.rv, rv ?? 0);
    } else {
      startRV = rv ?? ctx.store.currentRV;
    }
    let lastSent = startRV;
    let watch: StoreWatch;
    try {
      watch = ctx.store.watch(def.bucket, {
        fromRV: startRV,
        ...(prefix !== undefined ? { keyPrefix: prefix } : {}),
        maxQueue: ctx.options.watchMaxQueue,
        ...(selection.empty ? {} : {
          filter: (e: StoreEvent) => selection.matches(e.value) || (e.prev !== undefined && selection.matches(e.prev)),
        }),
      });
    } catch (e) {
      if (e instanceof TooOldError) {
        yield { type: 'ERROR', object: statusObject(expired(`too old resource version: ${e.requestedRV} (${e.oldestRV})`)) };
        return;
      }
      if (e instanceof FutureRVError) {
        yield { type: 'ERROR', object: statusObject(tooLargeResourceVersion(e.requestedRV, e.currentRV)) };
        return;
      }
      throw e;
    }
    const onAbort = (): void => watch.close();
    if (signal.aborted) watch.close();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      for (const ev of initialEvents) yield ev;
      if (parseBool(sendInitial)) yield bookmark(def, startRV, { [INITIAL_EVENTS_END]: 'true' });
      const iterator = watch[Symbol.asyncIterator]();
      let tick = signalPromise();
      const timer = bookmarks ? setInterval(() => tick.resolve(), ctx.options.bookmarkIntervalMs) : undefined;
      timer?.unref();
      try {
        let ready: IteratorResult<StoreEvent> | undefined;
        let failure: { error: unknown } | undefined;
        const pull = (): Promise<void> => iterator.next().then((r) => {
          ready = r;
        }, (error: unknown) => {
          failure = { error };
        });
        let pulled = pull();
        // Read through functions: the callbacks above assign these, which narrowing cannot see.
        const failed = (): { error: unknown } | undefined => failure;
        const pending = (): IteratorResult<StoreEvent> | undefined => ready;
        for (;;) {
          await Promise.race([pulled, tick.promise]);
          const f1 = failed();
          if (f1 !== undefined) throw f1.error;
          if (pending() === undefined) {
            // A bookmark tick. Let a just-dequeued event settle first (a macrotask boundary), so
            // that the watch's progress never runs ahead of what this client was sent.
            tick = signalPromise();
            await new Promise<void>((r) => setImmediate(r));
            const f2 = failed();
            if (f2 !== undefined) throw f2.error;
            if (pending() === undefined) {
              const at = Math.max(lastSent, watch.progressRV());
              lastSent = at;
              yield bookmark(def, at);
              continue;
            }
          }
          const r = pending();
          ready = undefined;
          if (r === undefined) continue;
          if (r.done === true) return;
          pulled = pull();
          const out = transition(def, selection.empty ? undefined : selection.matches, r.value);
          lastSent = Math.max(lastSent, r.value.rv);
          if (out !== undefined) yield out;
        }
      } finally {
        if (timer !== undefined) clearInterval(timer);
      }
    } catch (e) {
      if (e instanceof WatchOverflowError) return;
      throw e;
    } finally {
      signal.removeEventListener('abort', onAbort);
      outer.removeEventListener('abort', stop);
      watch.close();
    }
  }
  return { timeoutMs, events: run(), stop };
}

/** Maps a store event to what this watch's client sees, given its selection. */
function transition(def: ResourceDef, matches: ((o: JsonObject) => boolean) | undefined, e: StoreEvent): OutgoingEvent | undefined {
  if (matches === undefined) {
    return { type: e.type, object: fromStorage(def, e.value) };
  }
  const cur = e.type !== 'DELETED' && matches(e.value);
  const old = e.type === 'DELETED' ? matches(e.value) : e.prev !== undefined && matches(e.prev);
  if (cur && !old) return { type: 'ADDED', object: fromStorage(def, e.value) };
  if (cur && old) return { type: 'MODIFIED', object: fromStorage(def, e.value) };
  if (!cur && old) {
    if (e.type === 'DELETED') return { type: 'DELETED', object: fromStorage(def, e.value) };
    // Leaving the selection: the previous content, with this event's resource version.
    const prev = e.prev ?? e.value;
    const meta = { ...(asObject(prev.metadata) ?? {}), resourceVersion: String(e.rv) };
    return { type: 'DELETED', object: fromStorage(def, { ...prev, metadata: meta }) };
  }
  return undefined;
}
