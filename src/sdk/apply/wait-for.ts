/**
 * Waiting on objects with a watch (never by polling), on top of the SDK's resumable {@link watch}:
 * it lists first, resumes after dropped connections and server timeouts, and lists again on 410
 * Gone, so a wait here sees every change of the objects it follows.
 */
import { PlatformError, StatusError } from '../errors.js';
import type { ResourceClient } from '../rest/resource-client.js';
import type { KubeObject } from '../types/meta.js';
import { timeoutSignal } from '../timeout-signal.js';
import { watch } from '../watch/watcher.js';
import { oneTermEqualSelector } from '../../machinery/fields/selector.js';

/** The wait ended because its time ran out. */
export class WaitTimeoutError extends PlatformError {
  static override readonly brand: string = 'WaitTimeoutError';
  override name = 'WaitTimeoutError';
  /** The object's state when time ran out (undefined: it did not exist). */
  readonly last: KubeObject | undefined;
  constructor(message: string, last: KubeObject | undefined) {
    super(message);
    this.last = last;
  }
}

/** The wait ended because a failure condition appeared (`failWhen`), before the awaited one. */
export class WaitFailedError extends PlatformError {
  static override readonly brand: string = 'WaitFailedError';
  override name = 'WaitFailedError';
  /** What `failWhen` said of the state. */
  readonly reason: string;
  /** The object's state that failed the wait (undefined: it did not exist). */
  readonly last: KubeObject | undefined;
  constructor(message: string, reason: string, last: KubeObject | undefined) {
    super(message);
    this.reason = reason;
    this.last = last;
  }
}

/** Options of {@link waitForObject}. */
export interface WaitForObjectOptions {
  signal?: AbortSignal | undefined;
  /**
   * A failure outcome (`wait --fail-on`): when it returns a reason for a state, the wait ends at
   * once with a {@link WaitFailedError} instead of waiting on for `until` or the timeout.
   */
  failWhen?: ((object: KubeObject | undefined) => string | undefined) | undefined;
  /** Give up after this many ms (undefined or negative: wait until the signal aborts). */
  timeoutMs?: number | undefined;
  /** Called with each new state of the object (undefined when it is gone). */
  onChange?: ((object: KubeObject | undefined) => void) | undefined;
}

/** The caller's signal and the timeout combined; `done` ends the watch once the wait is over. */
function waitSignals(options: WaitForObjectOptions): { signal: AbortSignal | undefined; timeout: AbortSignal | undefined; done: AbortController; watchSignal: AbortSignal } {
  const signals: AbortSignal[] = [];
  if (options.signal !== undefined) signals.push(options.signal);
  const timeout = options.timeoutMs !== undefined && options.timeoutMs >= 0 ? timeoutSignal(Math.max(1, options.timeoutMs)) : undefined;
  if (timeout !== undefined) signals.push(timeout);
  const signal = signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals);
  const done = new AbortController();
  return { signal, timeout, done, watchSignal: signal === undefined ? done.signal : AbortSignal.any([signal, done.signal]) };
}

function endedError(client: ResourceClient, name: string, timeout: AbortSignal | undefined, last: KubeObject | undefined): WaitTimeoutError {
  return new WaitTimeoutError(`${timeout?.aborted === true ? 'timed out' : 'aborted'} waiting for ${client.descriptor.resource}/${name}`, last);
}

/**
 * Resolves with the object's state (undefined when it does not exist) once `until` returns true
 * for it. `client` must be bound to the object's namespace for namespaced kinds.
 *
 * @throws {@link WaitTimeoutError} when `timeoutMs` passes or the signal aborts first.
 * @throws {@link WaitFailedError} when `failWhen` names a failure first.
 */
export async function waitForObject(
  client: ResourceClient,
  name: string,
  until: (object: KubeObject | undefined) => boolean,
  options: WaitForObjectOptions = {},
): Promise<KubeObject | undefined> {
  const { timeout, done, watchSignal } = waitSignals(options);
  let current: KubeObject | undefined;
  let satisfied = false;
  let failure: string | undefined;
  const check = (): void => {
    if (satisfied || failure !== undefined) return;
    failure = options.failWhen?.(current);
    if (failure !== undefined) {
      done.abort();
      return;
    }
    if (until(current)) {
      satisfied = true;
      done.abort();
    }
  };
  // The first list tells whether the object exists; an absent object has no event, so the state
  // is reported (and checked) once the list is done.
  let listed = false;
  const onListed = (): void => {
    if (!listed) options.onChange?.(current);
    listed = true;
    check();
  };
  for await (const event of watch(client, { fieldSelector: oneTermEqualSelector('metadata.name', name), signal: watchSignal, onListed })) {
    // watch() throws on ERROR events: every event it yields carries an object.
    current = event.type === 'DELETED' ? undefined : event.object as KubeObject;
    if (listed) options.onChange?.(current);
    if (listed) check();
    if (satisfied || failure !== undefined) break;
  }
  if (failure !== undefined) throw new WaitFailedError(`${client.descriptor.resource}/${name} failed: ${failure}`, failure, current);
  if (satisfied) return current;
  throw endedError(client, name, timeout, current);
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
  const { timeout, done, watchSignal } = waitSignals(options);
  const fieldSelector = left.size === 1 ? oneTermEqualSelector('metadata.name', [...left.keys()][0] ?? '') : undefined;
  const gone = (object: KubeObject, deleted: boolean): void => {
    const name = object.metadata?.name ?? '';
    if (!left.has(name)) return;
    const uid = left.get(name);
    if (deleted ? uid === undefined || object.metadata?.uid === uid : uid !== undefined && object.metadata?.uid !== uid) left.delete(name);
  };
  // Objects of the first list: a pending name missing there (or with another uid) is already gone.
  const inFirstList = new Map<string, KubeObject>();
  let listed = false;
  const onListed = (): void => {
    if (!listed) {
      for (const [name, uid] of [...left]) {
        const object = inFirstList.get(name);
        if (object === undefined || (uid !== undefined && object.metadata?.uid !== uid)) left.delete(name);
      }
    }
    listed = true;
    if (left.size === 0) done.abort();
  };
  try {
    for await (const event of watch(client, { ...(fieldSelector === undefined ? {} : { fieldSelector }), signal: watchSignal, onListed })) {
      const object = event.object as KubeObject; // watch() throws on ERROR events
      if (!listed) inFirstList.set(object.metadata?.name ?? '', object);
      else gone(object, event.type === 'DELETED');
      if (left.size === 0) return;
    }
  } catch (err) {
    if (err instanceof StatusError && err.code === 404) return;
    throw err;
  }
  if (left.size === 0) return;
  const [name] = left.keys();
  throw endedError(client, name ?? '', timeout, undefined);
}
