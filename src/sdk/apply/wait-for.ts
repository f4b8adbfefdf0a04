/**
 * Waiting on one object with a watch (never by polling): list it by name to learn its state and
 * a resource version, then watch from there until a predicate holds. A watch the server ends is
 * resumed from the last version seen; an expired version (410 Gone) lists again.
 */
import { PlatformError, StatusError } from '../errors.js';
import type { ResourceClient } from '../rest/resource-client.js';
import type { KubeObject } from '../types/meta.js';
import type { Status } from '../types/status.js';

/** The wait ended because its time ran out. */
export class WaitTimeoutError extends PlatformError {
  override name = 'WaitTimeoutError';
  /** The object's state when time ran out (undefined: it did not exist). */
  readonly last: KubeObject | undefined;
  constructor(message: string, last: KubeObject | undefined) {
    super(message);
    this.last = last;
  }
}

/** Options of {@link waitForObject}. */
export interface WaitForObjectOptions {
  signal?: AbortSignal | undefined;
  /** Give up after this many ms (undefined or negative: wait until the signal aborts). */
  timeoutMs?: number | undefined;
  /** Called with each new state of the object (undefined when it is gone). */
  onChange?: ((object: KubeObject | undefined) => void) | undefined;
}

function isStatus(value: unknown): value is Status {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Status';
}

/**
 * Resolves with the object's state (undefined when it does not exist) once `until` returns true
 * for it. `client` must be bound to the object's namespace for namespaced kinds.
 *
 * @throws {@link WaitTimeoutError} when `timeoutMs` passes first; {@link AbortedError} semantics are
 *   those of the signal: an aborted wait rejects with a WaitTimeoutError naming the abort.
 */
export async function waitForObject(
  client: ResourceClient,
  name: string,
  until: (object: KubeObject | undefined) => boolean,
  options: WaitForObjectOptions = {},
): Promise<KubeObject | undefined> {
  const signals: AbortSignal[] = [];
  if (options.signal !== undefined) signals.push(options.signal);
  const timeout = options.timeoutMs !== undefined && options.timeoutMs >= 0 ? AbortSignal.timeout(Math.max(1, options.timeoutMs)) : undefined;
  if (timeout !== undefined) signals.push(timeout);
  const signal = signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals);
  const fieldSelector = `metadata.name=${name}`;
  let current: KubeObject | undefined;
  const set = (next: KubeObject | undefined): void => {
    current = next;
    options.onChange?.(next);
  };
  const callOptions = signal === undefined ? {} : { signal };

  const ended = (): never => {
    const reason = timeout?.aborted === true ? 'timed out' : 'aborted';
    throw new WaitTimeoutError(`${reason} waiting for ${client.descriptor.resource}/${name}`, current);
  };
  const list = async (): Promise<string | undefined> => {
    try {
      const page = await client.list({ ...callOptions, fieldSelector });
      set(page.items[0]);
      return page.metadata?.resourceVersion;
    } catch (err) {
      if (signal?.aborted === true) ended();
      throw err;
    }
  };

  let resourceVersion = await list();
  if (until(current)) return current;
  for (;;) {
    if (signal?.aborted === true) ended();
    let relist = false;
    const watchOptions: Parameters<ResourceClient['watch']>[0] = { ...callOptions, fieldSelector, allowWatchBookmarks: true };
    if (resourceVersion !== undefined) watchOptions.resourceVersion = resourceVersion;
    for await (const event of client.watch(watchOptions)) {
      if (event.type === 'ERROR') {
        const status = isStatus(event.object) ? event.object : {};
        if (status.code === 410) {
          relist = true;
          break;
        }
        throw new StatusError(status, status.code);
      }
      const object = event.object as KubeObject;
      resourceVersion = object.metadata?.resourceVersion ?? resourceVersion;
      if (event.type === 'BOOKMARK') continue;
      set(event.type === 'DELETED' ? undefined : object);
      if (until(current)) return current;
    }
    if (signal?.aborted === true) ended();
    if (relist) {
      resourceVersion = await list();
      if (until(current)) return current;
    }
  }
}

/**
 * Waits until the object is gone: deleted, finalizers included, or replaced by a new object of the
 * same name (another `uid`). Resolves at once when it does not exist.
 */
export async function waitForDeletion(client: ResourceClient, name: string, uid: string | undefined, options: WaitForObjectOptions = {}): Promise<void> {
  await waitForObject(client, name, (object) => object === undefined || (uid !== undefined && object.metadata?.uid !== uid), options);
}

/**
 * Waits until every named object of one collection (one type in one namespace) is gone, with one
 * list and one watch for all of them. `pending` maps names to the uid that must disappear
 * (undefined: whichever object has that name). A type that is no longer served (404) has no objects left.
 * Rejects with a {@link WaitTimeoutError} naming the first object still there when time runs out.
 */
export async function waitForAllDeleted(client: ResourceClient, pending: ReadonlyMap<string, string | undefined>, options: Omit<WaitForObjectOptions, 'onChange'> = {}): Promise<void> {
  const left = new Map(pending);
  if (left.size === 0) return;
  const signals: AbortSignal[] = [];
  if (options.signal !== undefined) signals.push(options.signal);
  const timeout = options.timeoutMs !== undefined && options.timeoutMs >= 0 ? AbortSignal.timeout(Math.max(1, options.timeoutMs)) : undefined;
  if (timeout !== undefined) signals.push(timeout);
  const signal = signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals);
  const callOptions = signal === undefined ? {} : { signal };
  const fieldSelector = left.size === 1 ? `metadata.name=${[...left.keys()][0] ?? ''}` : undefined;
  const ended = (): never => {
    const [name] = left.keys();
    throw new WaitTimeoutError(`${timeout?.aborted === true ? 'timed out' : 'aborted'} waiting for ${client.descriptor.resource}/${name ?? ''}`, undefined);
  };
  const gone = (object: KubeObject, deleted: boolean): void => {
    const name = object.metadata?.name ?? '';
    if (!left.has(name)) return;
    const uid = left.get(name);
    if (deleted ? uid === undefined || object.metadata?.uid === uid : uid !== undefined && object.metadata?.uid !== uid) left.delete(name);
  };
  const list = async (): Promise<string | undefined> => {
    const seen = new Map<string, KubeObject>();
    let resourceVersion: string | undefined;
    try {
      for await (const page of client.listPages({ ...callOptions, ...(fieldSelector === undefined ? {} : { fieldSelector }) })) {
        for (const item of page.items) seen.set(item.metadata?.name ?? '', item);
        resourceVersion = page.metadata?.resourceVersion;
      }
    } catch (err) {
      if (signal?.aborted === true) ended();
      if (err instanceof StatusError && err.code === 404) {
        left.clear();
        return undefined;
      }
      throw err;
    }
    for (const [name, uid] of [...left]) {
      const object = seen.get(name);
      if (object === undefined || (uid !== undefined && object.metadata?.uid !== uid)) left.delete(name);
    }
    return resourceVersion;
  };

  let resourceVersion = await list();
  while (left.size > 0) {
    if (signal?.aborted === true) ended();
    let relist = false;
    const watchOptions: Parameters<ResourceClient['watch']>[0] = { ...callOptions, allowWatchBookmarks: true };
    if (fieldSelector !== undefined) watchOptions.fieldSelector = fieldSelector;
    if (resourceVersion !== undefined) watchOptions.resourceVersion = resourceVersion;
    try {
      for await (const event of client.watch(watchOptions)) {
        if (event.type === 'ERROR') {
          const status = isStatus(event.object) ? event.object : {};
          if (status.code === 410) {
            relist = true;
            break;
          }
          throw new StatusError(status, status.code);
        }
        const object = event.object as KubeObject;
        resourceVersion = object.metadata?.resourceVersion ?? resourceVersion;
        if (event.type !== 'BOOKMARK') gone(object, event.type === 'DELETED');
        if (left.size === 0) return;
      }
    } catch (err) {
      if (err instanceof StatusError && err.code === 404) return;
      throw err;
    }
    if (signal?.aborted === true) ended();
    if (relist) resourceVersion = await list();
  }
}
