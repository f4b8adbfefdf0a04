/**
 * A watch that does not end on its own. {@link watch} follows a resource type as an
 * AsyncIterable of events and, unlike a raw watch stream:
 *
 * - resumes from the last resource version it saw after a dropped connection, a protocol error or
 *   the server ending the request (`timeoutSeconds`), with a backoff between failed attempts;
 * - asks for bookmarks and advances its resource version on them (so a resume after a quiet
 *   period does not start from an expired version);
 * - on 410 Gone (history expired) lists again and emits only what changed since the objects it
 *   knows: ADDED for new objects, MODIFIED for changed ones, DELETED for the ones that went away
 *   meanwhile — never an ADDED for an object already seen;
 * - ends cleanly (no error) when its signal is aborted;
 * - throws only when it cannot continue: an error status other than 410 (Forbidden, NotFound ...),
 *   or `maxRetries` consecutive failed reconnects.
 */
import { AbortedError, StatusError, TimeoutError } from '../errors.js';
import type { ListOptions, SelectorOptions, WatchOptions } from '../rest/options.js';
import type { ResourceClient } from '../rest/resource-client.js';
import type { ObjectBase, ObjectMeta } from '../types/meta.js';
import type { Status } from '../types/status.js';
import type { WatchEvent } from '../types/watch.js';
import { resourceWatchSource, type WatchSource } from './source.js';
import { sleepUnlessAborted } from '../../machinery/sleep.js';

/** Why a watch was resumed (for logs and progress messages). */
export interface ResumeInfo {
  /** `ended`: the server closed the stream; `failed`: a connection or protocol error; `expired`: 410 Gone. */
  reason: 'ended' | 'failed' | 'expired';
  /** The resource version the watch resumes from (after a relist for `expired`). */
  resourceVersion: string | undefined;
  /** Consecutive failed attempts so far (`failed` only). */
  attempt: number;
  /** The error of a `failed` attempt. */
  error?: unknown;
  /** How long the watch waits before the next attempt (`failed` only). */
  retryInMs?: number;
}

/** How a resumable watch resumes: what {@link watch} and a resource client's `.watch()` take besides selectors. */
export interface ResumeOptions<T extends ObjectBase> {
  /**
   * Objects the caller has already seen (typically the list it printed before watching from its
   * `resourceVersion`): a relist after 410 then emits only changes to them.
   */
  known?: Iterable<T> | undefined;
  /** Objects per request when listing (default 500). */
  listChunkSize?: number | undefined;
  /** Consecutive failed reconnects before giving up (default 5; `Infinity` keeps trying until aborted). */
  maxRetries?: number | undefined;
  /** First backoff delay in ms, doubled per failure up to 30 s (default 500). */
  retryDelayMs?: number | undefined;
  /** Emit BOOKMARK events too (default false: they only advance the resource version). */
  emitBookmarks?: boolean | undefined;
  /** Called each time the watch resumes. */
  onResume?: ((info: ResumeInfo) => void) | undefined;
  /** Called after each list (the first one, and each after 410), once its events were emitted. */
  onListed?: ((resourceVersion: string | undefined) => void) | undefined;
}

/** Options of {@link watch}. */
export interface ResumableWatchOptions<T extends ObjectBase> extends SelectorOptions, ResumeOptions<T> {
  /**
   * Where to start. Absent: the watch lists first and emits every existing object as ADDED
   * (list-then-watch). Given: events after that version only.
   */
  resourceVersion?: string | undefined;
  /** Ends the watch cleanly. */
  signal?: AbortSignal | undefined;
  /** Server-side duration of each watch request, in seconds; the watch reconnects after it. */
  timeoutSeconds?: number | undefined;
}

interface KnownItem<T extends ObjectBase> {
  item: T;
  resourceVersion: string | undefined;
  uid: string | undefined;
}

function keyOf(meta: ObjectMeta | undefined): string | undefined {
  const name = meta?.name;
  if (name === undefined || name === '') return undefined;
  return `${meta?.namespace ?? ''}/${name}`;
}

function isGone(status: { code?: number; reason?: string } | undefined): boolean {
  return status !== undefined && (status.code === 410 || status.reason === 'Expired' || status.reason === 'Gone');
}

/** The wait before attempt `failures + 1`: doubling from `base`, at most 30 s. */
function backoff(base: number, failures: number): number {
  return Math.min(base * 2 ** Math.min(failures - 1, 16), 30_000);
}

/** Whether an error can be retried by reconnecting (anything but an error status the server decided on). */
function retryable(err: unknown): boolean {
  if (err instanceof StatusError) return err.code === 429 || err.code >= 500;
  return true;
}

/** A resumable watch over a resource client or any {@link WatchSource}. */
export function watch<T extends ObjectBase>(resource: ResourceClient<T> | WatchSource<T>, options: ResumableWatchOptions<T> = {}): AsyncIterable<WatchEvent<T>> {
  const source: WatchSource<T> = 'listPage' in resource ? resource : resourceWatchSource(resource);
  return { [Symbol.asyncIterator]: () => run(source, options) };
}

async function* run<T extends ObjectBase>(source: WatchSource<T>, options: ResumableWatchOptions<T>): AsyncGenerator<WatchEvent<T>> {
  const { signal } = options;
  const aborted = (): boolean => signal?.aborted === true;
  const maxRetries = options.maxRetries ?? 5;
  const baseDelay = options.retryDelayMs ?? 500;
  let known = new Map<string, KnownItem<T>>();
  const remember = (item: T): void => {
    const meta = source.metadataOf(item);
    const key = keyOf(meta);
    if (key !== undefined) known.set(key, { item, resourceVersion: meta?.resourceVersion, uid: meta?.uid });
  };
  for (const item of options.known ?? []) remember(item);
  let resourceVersion = options.resourceVersion;
  const selectors: SelectorOptions = {};
  if (options.labelSelector !== undefined && options.labelSelector !== '') selectors.labelSelector = options.labelSelector;
  if (options.fieldSelector !== undefined && options.fieldSelector !== '') selectors.fieldSelector = options.fieldSelector;

  /** Lists everything and returns the events that bring a consumer of `known` up to date. */
  const relist = async (): Promise<WatchEvent<T>[]> => {
    const fresh = new Map<string, KnownItem<T>>();
    const events: WatchEvent<T>[] = [];
    let token: string | undefined;
    let listVersion: string | undefined;
    do {
      const opts: ListOptions = { ...selectors, limit: options.listChunkSize ?? 500, timeoutMs: 0 };
      if (token !== undefined) opts.continue = token;
      if (signal !== undefined) opts.signal = signal;
      const page = await source.listPage(opts);
      listVersion = page.resourceVersion;
      token = page.continue === '' ? undefined : page.continue;
      for (const item of page.items) {
        const meta = source.metadataOf(item);
        const key = keyOf(meta);
        if (key === undefined) continue;
        const entry = { item, resourceVersion: meta?.resourceVersion, uid: meta?.uid };
        fresh.set(key, entry);
        const old = known.get(key);
        if (old === undefined) events.push({ type: 'ADDED', object: item });
        else if (old.uid !== undefined && entry.uid !== undefined && old.uid !== entry.uid) {
          events.push({ type: 'DELETED', object: old.item }, { type: 'ADDED', object: item });
        } else if (old.resourceVersion !== entry.resourceVersion) events.push({ type: 'MODIFIED', object: item });
      }
    } while (token !== undefined);
    for (const [key, old] of known) if (!fresh.has(key)) events.push({ type: 'DELETED', object: old.item });
    known = fresh;
    resourceVersion = listVersion;
    return events;
  };

  if (resourceVersion === undefined) {
    try {
      yield* await relist();
    } catch (err) {
      if (aborted() || err instanceof AbortedError) return;
      throw err;
    }
    options.onListed?.(resourceVersion);
  }

  let failures = 0;
  // A failed watch or relist: give up after maxRetries in a row, else report it and back off.
  const retryAfter = async (err: unknown): Promise<void> => {
    failures++;
    if (failures > maxRetries) throw err;
    const retryInMs = backoff(baseDelay, failures);
    options.onResume?.({ reason: 'failed', resourceVersion, attempt: failures, error: err, retryInMs });
    await sleepUnlessAborted(retryInMs, signal);
  };
  while (!aborted()) {
    let expired = false;
    try {
      const opts: WatchOptions = { ...selectors, allowWatchBookmarks: true, timeoutMs: 0 };
      if (resourceVersion !== undefined) opts.resourceVersion = resourceVersion;
      if (options.timeoutSeconds !== undefined) opts.timeoutSeconds = options.timeoutSeconds;
      if (signal !== undefined) opts.signal = signal;
      for await (const event of source.watch(opts)) {
        if (aborted()) return;
        if (event.type === 'ERROR') {
          const status = event.object as Status;
          if (isGone(status)) {
            expired = true;
            break;
          }
          throw new StatusError(status, status.code);
        }
        const meta = source.metadataOf(event.object as T);
        if (meta?.resourceVersion !== undefined && meta.resourceVersion !== '') resourceVersion = meta.resourceVersion;
        failures = 0;
        if (event.type === 'BOOKMARK') {
          if (options.emitBookmarks === true) yield event;
          continue;
        }
        const key = keyOf(meta);
        if (key !== undefined) {
          if (event.type === 'DELETED') known.delete(key);
          else {
            const old = known.get(key);
            // An event the consumer has already seen (same version): skip it.
            if (old !== undefined && old.resourceVersion !== undefined && old.resourceVersion === meta?.resourceVersion) continue;
            known.set(key, { item: event.object as T, resourceVersion: meta?.resourceVersion, uid: meta?.uid });
          }
        }
        yield event;
      }
      if (aborted()) return;
      if (!expired) {
        options.onResume?.({ reason: 'ended', resourceVersion, attempt: 0 });
        continue;
      }
    } catch (err) {
      if (aborted() || err instanceof AbortedError) return;
      if (err instanceof StatusError && isGone(err)) {
        expired = true;
      } else {
        if (!retryable(err) && !(err instanceof TimeoutError)) throw err;
        await retryAfter(err);
        continue;
      }
    }
    // 410 Gone: the history no longer reaches our version; list again and emit the difference.
    try {
      const events = await relist();
      options.onResume?.({ reason: 'expired', resourceVersion, attempt: 0 });
      yield* events;
      options.onListed?.(resourceVersion);
    } catch (err) {
      if (aborted() || err instanceof AbortedError) return;
      if (!retryable(err)) throw err;
      await retryAfter(err);
      // resourceVersion is still the expired one: the next watch gets 410 again and relists.
    }
  }
}
