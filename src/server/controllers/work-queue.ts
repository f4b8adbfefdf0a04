/**
 * A de-duplicating work queue processed by one worker at a time, with a delayed retry on failure:
 * the shape of a Kubernetes controller loop.
 */

/** A keyed queue with a handler. */
export class WorkQueue {
  private readonly pending = new Set<string>();
  private running = false;
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly handle: (key: string) => Promise<void>,
    private readonly onError: (key: string, e: unknown) => void,
    private readonly retryDelayMs = 100,
  ) {}

  /** Queues a key (once, however often it is added before it runs). */
  add(key: string): void {
    if (this.stopped) return;
    this.pending.add(key);
    if (!this.running) {
      this.running = true;
      setImmediate(() => void this.drain());
    }
  }

  /** Queues a key after a delay. */
  addAfter(key: string, delayMs: number): void {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.add(key);
    }, delayMs);
    t.unref();
    this.timers.add(t);
  }

  private async drain(): Promise<void> {
    while (!this.stopped && this.pending.size > 0) {
      const key = this.pending.values().next().value as string;
      this.pending.delete(key);
      try {
        await this.handle(key);
      } catch (e) {
        this.onError(key, e);
        this.addAfter(key, this.retryDelayMs);
      }
    }
    this.running = false;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  /** Resolves when nothing is queued or running. */
  idle(): Promise<void> {
    if (!this.running && this.pending.size === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  /** Stops processing (pending work is dropped). */
  stop(): void {
    this.stopped = true;
    this.pending.clear();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
