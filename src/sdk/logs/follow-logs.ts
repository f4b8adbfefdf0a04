/**
 * `followLogs`: the logs of every pod a workload, service or label selector picks, as one stream
 * of lines, for as long as the caller reads. Pods that appear later are followed from their first
 * line, a restarted container's new instance is followed after the rest of the old one, and a
 * stream that drops (a server restart, a proxy's idle timeout) is read again from the last line's
 * time, so that no line is lost or repeated.
 */
import type { PlatformClient } from '../client.js';
import { StatusError } from '../errors.js';
import { containerNames, defaultContainer, type PodObject } from '../pods/pods-for-object.js';
import type { PodLogOptions } from '../streams/pod-log.js';
import type { Pod } from '../types/core.js';
import { toKubeObject } from '../types/meta.js';
import { Informer } from '../watch/informer.js';
import { containerStatusOf, podFinished, startedInstance, willRestart } from './container-instance.js';
import { resolveFollowTarget, type FollowTarget } from './follow-target.js';
import { LogCursor, sinceTimeOf, splitTimestamp } from './log-cursor.js';
import { MergeChannel } from './merge-channel.js';
import { StreamSlots } from './stream-slots.js';
import { sleepUnlessAborted } from '../../machinery/sleep.js';

export type { FollowTarget } from './follow-target.js';

/** One line of a followed log. */
export interface FollowedLogLine {
  pod: string;
  container: string;
  /** The line without its newline. */
  line: string;
  /** When the container wrote it (RFC 3339 as the server keeps it); empty when the server gave no time. */
  time: string;
}

/** Something that happened to the follow, for a human (the CLI prints these on stderr). */
export type FollowLogsEvent =
  | { type: 'pod-added' | 'pod-removed'; pod: string }
  | { type: 'container-started'; pod: string; container: string; restartCount: number }
  | { type: 'reconnecting'; pod: string; container: string; error: string }
  | { type: 'waiting-for-slot'; pod: string; container: string; maxStreams: number }
  | { type: 'note'; message: string };

/** Options of {@link followLogs}. */
export interface FollowLogsOptions {
  /** Default: the client's namespace. */
  namespace?: string | undefined;
  /** Only this container of each pod (pods without it are passed over). */
  container?: string | undefined;
  /** Every container of each pod (init, regular and ephemeral); default: each pod's default container. */
  allContainers?: boolean | undefined;
  /** For the pods there at the start: only the last lines (`--tail`). Pods that come later are read whole. */
  tailLines?: number | undefined;
  /** For the pods there at the start: only lines this recent (`--since`). */
  sinceSeconds?: number | undefined;
  /** For the pods there at the start: only lines from this time on (`--since-time`). */
  sinceTime?: string | Date | undefined;
  /** Streams open at once (kubectl's `--max-log-requests`, default 5); more containers wait for a free one. */
  maxStreams?: number | undefined;
  /** First wait before reading a dropped stream again, doubled per failure up to 5 s (default 250 ms). */
  retryDelayMs?: number | undefined;
  /** Ends the follow. */
  signal?: AbortSignal | undefined;
  /** Told of pods joining and leaving, restarts and reconnects. */
  onEvent?: ((event: FollowLogsEvent) => void) | undefined;
}

const MAX_RETRY_DELAY_MS = 5000;
/** How long a deleted pod's open streams may go on (its containers are being stopped) before they are cut. */
const REMOVED_POD_GRACE_MS = 10_000;

/** Wakes whoever waits for something to happen (or until their signal aborts). */
class Wakeup {
  private waiters: (() => void)[] = [];

  /** Resolves at the next {@link wake}, or when `signal` aborts. */
  wait(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        signal.removeEventListener('abort', done);
        resolve();
      };
      this.waiters.push(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}

/** What the follower of one pod knows and waits on. */
class FollowedPod {
  removed = false;
  private readonly changes = new Wakeup();
  readonly abort = new AbortController();

  constructor(public pod: Pod, readonly name: string) {}

  update(pod: Pod): void {
    this.pod = pod;
    this.changes.wake();
  }

  remove(): void {
    this.removed = true;
    this.changes.wake();
    setTimeout(() => this.abort.abort(), REMOVED_POD_GRACE_MS).unref();
  }

  /** Resolves at the pod's next change (or removal), or when `signal` aborts. */
  changed(signal: AbortSignal): Promise<void> {
    return this.changes.wait(signal);
  }
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Follows the logs of every pod `target` picks, and of the pods that come later, until `signal`
 * aborts (a pod's follow also ends with the pod, a Job's when the Job has finished and its pods'
 * logs are read). Lines of different containers interleave as they arrive; the lines of one
 * container keep their order.
 *
 * ```ts
 * for await (const { pod, container, line } of followLogs(client, 'deploy/web', { signal })) {
 *   console.log(`[${pod}/${container}] ${line}`);
 * }
 * ```
 */
export async function* followLogs(client: PlatformClient, target: FollowTarget, options: FollowLogsOptions = {}): AsyncGenerator<FollowedLogLine> {
  const stop = new AbortController();
  const outer = options.signal;
  const onOuterAbort = (): void => stop.abort();
  if (outer?.aborted === true) return;
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  const signal = stop.signal;
  const namespace = options.namespace ?? client.namespace;
  const channel = new MergeChannel<FollowedLogLine>();
  const follow = new LogFollow(client, namespace, options, channel, signal);
  const running = follow.run(target).then(() => channel.close(), (e: unknown) => channel.close(signal.aborted ? undefined : e));
  try {
    yield* channel.drain();
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
    stop.abort();
    channel.close();
    await running;
  }
}

/** The state of one follow: the pods, their followers, and the bound on open streams. */
class LogFollow {
  private readonly pods = new Map<string, FollowedPod>();
  private readonly followers = new Set<Promise<void>>();
  private readonly slots: StreamSlots;
  private readonly baseDelay: number;
  private synced = false;
  /** Woken when the last follower ends, and when a follower starts. */
  private readonly idle = new Wakeup();
  private readonly started = new Wakeup();

  constructor(
    private readonly client: PlatformClient,
    private readonly namespace: string,
    private readonly options: FollowLogsOptions,
    private readonly channel: MergeChannel<FollowedLogLine>,
    private readonly signal: AbortSignal,
  ) {
    this.slots = new StreamSlots(Math.max(1, options.maxStreams ?? 5));
    this.baseDelay = Math.max(1, options.retryDelayMs ?? 250);
  }

  async run(target: FollowTarget): Promise<void> {
    const resolved = await resolveFollowTarget(this.client, target, this.namespace, this.signal);
    const informer = new Informer<Pod>(this.client.pods(this.namespace), {
      labelSelector: resolved.labelSelector,
      fieldSelector: resolved.fieldSelector,
      // A server restart takes seconds: keep trying for about a minute before giving up.
      maxRetries: 8,
      retryDelayMs: 250,
    });
    informer.addHandlers({
      onAdd: (pod) => this.added(pod),
      onUpdate: (_old, pod) => this.pods.get(pod.metadata?.uid ?? '')?.update(pod),
      onDelete: (pod) => this.deleted(pod),
    });
    const watching = informer.run(this.signal);
    let watchError: unknown;
    const watchDone = watching.then(() => undefined, (e: unknown) => {
      watchError = e;
    });
    await Promise.race([informer.waitForSync(), watchDone]);
    if (watchError !== undefined) throw watchError;
    this.synced = true;
    for (;;) {
      await Promise.race([this.whenIdle(), watchDone]);
      if (watchError !== undefined) throw watchError;
      if (this.signal.aborted) break;
      if (this.followers.size === 0 && await resolved.finished(this.signal)) break;
      // Not over: wait for the next pod (or the end of the followers that came meanwhile).
      if (this.followers.size === 0) await Promise.race([this.started.wait(this.signal), watchDone]);
      if (watchError !== undefined) throw watchError;
      if (this.signal.aborted) break;
    }
    await Promise.allSettled([...this.followers]);
  }

  /** Resolves when no container is followed (at once if none is). */
  private whenIdle(): Promise<void> {
    return this.followers.size === 0 ? Promise.resolve() : this.idle.wait(this.signal);
  }

  private added(pod: Pod): void {
    const uid = pod.metadata?.uid ?? pod.metadata?.name ?? '';
    const name = pod.metadata?.name ?? '';
    if (this.pods.has(uid)) return;
    const followed = new FollowedPod(pod, name);
    this.pods.set(uid, followed);
    const fromStart = this.synced;
    if (fromStart) this.options.onEvent?.({ type: 'pod-added', pod: name });
    for (const container of this.containersOf(pod)) this.start(followed, container, !fromStart);
  }

  private deleted(pod: Pod): void {
    const uid = pod.metadata?.uid ?? pod.metadata?.name ?? '';
    const followed = this.pods.get(uid);
    if (followed === undefined) return;
    this.pods.delete(uid);
    followed.remove();
    this.options.onEvent?.({ type: 'pod-removed', pod: followed.name });
  }

  private containersOf(pod: Pod): string[] {
    const object = toKubeObject(pod) as PodObject;
    if (this.options.allContainers === true) {
      return [...containerNames(object, 'initContainers'), ...containerNames(object, 'containers'), ...containerNames(object, 'ephemeralContainers')];
    }
    const only = this.options.container;
    if (only !== undefined && only !== '') {
      const all = [...containerNames(object, 'initContainers'), ...containerNames(object, 'containers'), ...containerNames(object, 'ephemeralContainers')];
      return all.includes(only) ? [only] : [];
    }
    return [defaultContainer(object, (line) => this.options.onEvent?.({ type: 'note', message: line }))];
  }

  private start(followed: FollowedPod, container: string, present: boolean): void {
    const follower = this.followContainer(followed, container, present).catch(() => undefined).finally(() => {
      this.followers.delete(follower);
      if (this.followers.size === 0) this.idle.wake();
    });
    this.followers.add(follower);
    this.started.wake();
  }

  /** Reads one container's log, instance after instance, until the pod is gone or done. */
  private async followContainer(followed: FollowedPod, container: string, present: boolean): Promise<void> {
    const signal = AbortSignal.any([this.signal, followed.abort.signal]);
    let cursor = new LogCursor();
    let instance: string | undefined;
    let initial = present;
    let delay = this.baseDelay;
    let announcedWait = false;
    while (!signal.aborted) {
      const status = containerStatusOf(followed.pod, container);
      const current = startedInstance(status);
      if (current === undefined) {
        if (followed.removed || podFinished(followed.pod)) return;
        await followed.changed(signal);
        continue;
      }
      if (instance !== undefined && current !== instance) {
        // The container restarted: first what the old instance wrote after its stream ended.
        await this.read(followed, container, cursor, { previous: true, ...(cursor.last === undefined ? {} : { sinceTime: sinceTimeOf(cursor.last) }) }, signal).catch(() => undefined);
        cursor = new LogCursor();
        initial = false;
      }
      if (instance !== current) {
        if (instance !== undefined || !present) this.options.onEvent?.({ type: 'container-started', pod: followed.name, container, restartCount: status?.restartCount ?? 0 });
        instance = current;
      }
      const query: PodLogOptions = { follow: true };
      if (cursor.last !== undefined) query.sinceTime = sinceTimeOf(cursor.last);
      else if (initial) Object.assign(query, this.initialWindow());
      if (!this.slots.available && !announcedWait) {
        announcedWait = true;
        this.options.onEvent?.({ type: 'waiting-for-slot', pod: followed.name, container, maxStreams: this.options.maxStreams ?? 5 });
      }
      try {
        await this.slots.acquire(signal);
      } catch {
        return;
      }
      let failed: unknown;
      try {
        await this.read(followed, container, cursor, query, signal);
        delay = this.baseDelay;
      } catch (e) {
        failed = e;
      } finally {
        this.slots.release();
      }
      if (signal.aborted || followed.removed) return;
      if (failed !== undefined) {
        if (failed instanceof StatusError && failed.code === 404) return;
        // A container that is not running (yet) is not a dropped stream: wait for its next state.
        if (failed instanceof StatusError && failed.code === 400) {
          await Promise.race([followed.changed(signal), sleepUnlessAborted(MAX_RETRY_DELAY_MS, signal)]);
          continue;
        }
        this.options.onEvent?.({ type: 'reconnecting', pod: followed.name, container, error: message(failed) });
        await sleepUnlessAborted(delay, signal);
        delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
        continue;
      }
      const after = containerStatusOf(followed.pod, container);
      if (startedInstance(after) !== instance) continue;
      if (after?.state?.terminated !== undefined) {
        if (!willRestart(followed.pod, container, after)) return;
        await followed.changed(signal);
        continue;
      }
      // The stream ended while the instance runs (as far as the watch has told): read again soon.
      await sleepUnlessAborted(delay, signal);
      delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
    }
  }

  private initialWindow(): PodLogOptions {
    const o = this.options;
    const window: PodLogOptions = {};
    if (o.tailLines !== undefined && o.tailLines >= 0) window.tailLines = o.tailLines;
    if (o.sinceSeconds !== undefined) window.sinceSeconds = o.sinceSeconds;
    if (o.sinceTime !== undefined) window.sinceTime = o.sinceTime;
    return window;
  }

  /** One read of a container's log, passing on the lines the cursor has not seen. */
  private async read(followed: FollowedPod, container: string, cursor: LogCursor, query: PodLogOptions, signal: AbortSignal): Promise<void> {
    cursor.beginRead();
    const lines = this.client.pods(this.namespace).logLines(followed.name, { ...query, container, timestamps: true, signal });
    for await (const raw of lines) {
      const { time, nanos, text } = splitTimestamp(raw);
      if (!cursor.accept(nanos)) continue;
      await this.channel.push({ pod: followed.name, container, line: text, time });
      if (this.channel.isClosed) return;
    }
  }
}
