/**
 * client-go's rate-limited work queue: keys are de-duplicated (a key added while it is queued is
 * queued once; a key added while it is being processed runs again afterwards, never twice at the
 * same time), up to `workers` different keys run at once, and a failed key is retried after a
 * per-key exponential back-off (base doubling up to a cap) that `forget` resets on success.
 */
import type { CancelTimer, ControllerClock } from './clock.js';

/** Options of a {@link RateLimitedQueue}. */
export interface QueueOptions {
  clock: ControllerClock;
  /** Keys processed at the same time (default 1; `Infinity`: one worker per key). */
  workers?: number;
  /** First retry delay after a failure (default 5 ms, as client-go's item back-off). */
  baseDelayMs?: number;
  /** Longest retry delay (default 1000 s, as client-go). */
  maxDelayMs?: number;
}

/** A de-duplicating, rate-limited work queue. */
export class RateLimitedQueue {
  private readonly queue: string[] = [];
  private readonly dirty = new Set<string>();
  private readonly processing = new Set<string>();
  private readonly failures = new Map<string, number>();
  private readonly delayed = new Map<string, { at: number; cancel: CancelTimer }>();
  private active = 0;
  private stopped = false;
  private scheduled = false;
  private idleWaiters: (() => void)[] = [];
  private readonly workers: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(
    private readonly handle: (key: string) => Promise<void>,
    private readonly onError: (key: string, e: unknown) => void,
    private readonly options: QueueOptions,
  ) {
    this.workers = Math.max(1, options.workers ?? 1);
    this.baseDelayMs = options.baseDelayMs ?? 5;
    this.maxDelayMs = options.maxDelayMs ?? 1_000_000;
  }

  /** Queues a key now. */
  add(key: string): void {
    if (this.stopped || this.dirty.has(key)) return;
    this.dirty.add(key);
    if (this.processing.has(key)) return;
    this.queue.push(key);
    this.schedule();
  }

  /**
   * Queues a key after `delayMs` (an earlier pending delay for the same key wins, as client-go's
   * delaying queue keeps the soonest).
   */
  addAfter(key: string, delayMs: number): void {
    if (this.stopped) return;
    if (delayMs <= 0) {
      this.add(key);
      return;
    }
    const at = this.options.clock.now() + delayMs;
    const pending = this.delayed.get(key);
    if (pending !== undefined) {
      if (pending.at <= at) return;
      pending.cancel();
    }
    const cancel = this.options.clock.setTimer(() => {
      this.delayed.delete(key);
      this.add(key);
    }, delayMs);
    this.delayed.set(key, { at, cancel });
  }

  /** Queues a key after its back-off (which doubles with each call until {@link forget}). */
  addRateLimited(key: string): void {
    const n = this.failures.get(key) ?? 0;
    this.failures.set(key, n + 1);
    this.addAfter(key, Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** Math.min(n, 40)));
  }

  /** Drops a key's delayed add and its back-off (a running or queued run of it still happens). */
  discard(key: string): void {
    this.delayed.get(key)?.cancel();
    this.delayed.delete(key);
    this.forget(key);
  }

  /** Resets a key's back-off. */
  forget(key: string): void {
    this.failures.delete(key);
  }

  private schedule(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (!this.stopped && this.active < this.workers && this.queue.length > 0) {
      const key = this.queue.shift() ?? '';
      this.dirty.delete(key);
      this.processing.add(key);
      this.active++;
      void this.run(key);
    }
    this.notifyIdle();
  }

  private async run(key: string): Promise<void> {
    try {
      await this.handle(key);
      this.forget(key);
    } catch (e) {
      if (!this.stopped) {
        this.onError(key, e);
        this.addRateLimited(key);
      }
    } finally {
      this.active--;
      this.processing.delete(key);
      if (this.dirty.has(key) && !this.stopped) this.queue.push(key);
      this.pump();
    }
  }

  private notifyIdle(): void {
    if (this.active > 0 || this.queue.length > 0 || this.scheduled) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  /** Resolves when nothing is queued or running (delayed keys do not count). */
  idle(): Promise<void> {
    if (this.active === 0 && this.queue.length === 0 && !this.scheduled) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  /** Stops processing; queued and delayed keys are dropped. */
  stop(): void {
    this.stopped = true;
    this.queue.length = 0;
    this.dirty.clear();
    for (const d of this.delayed.values()) d.cancel();
    this.delayed.clear();
    this.notifyIdle();
  }
}
