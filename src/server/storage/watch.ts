/**
 * One watch: a bounded queue of events between the committing writer and one consumer. The
 * writer never waits for a consumer: when a consumer falls more than `maxQueue` live events (or
 * `maxQueueBytes` of their serialized values) behind, its queue is dropped and the watch ends with
 * WatchOverflowError.
 */
import { WatchOverflowError } from './errors.js';
import type { StoreEvent, StoreWatch } from './types.js';

export class Watch implements StoreWatch {
  private queue: (StoreEvent | undefined)[];
  /** Serialized size of each queued event (0 for replayed ones), parallel to `queue`. */
  private sizes: number[];
  /** Sum of `sizes` from `head` on. */
  private queuedBytes = 0;
  private head = 0;
  /** Events of the initial replay still queued; they do not count against `maxQueue`. */
  private replayLeft: number;
  private waiter: { resolve: (r: IteratorResult<StoreEvent>) => void; reject: (e: unknown) => void } | undefined;
  private error: unknown;
  private ended = false;
  private iterated = false;

  constructor(
    readonly bucket: string,
    private readonly keyPrefix: string,
    private readonly filter: ((event: StoreEvent) => boolean) | undefined,
    private readonly maxQueue: number,
    private readonly maxQueueBytes: number,
    private readonly onEnd: (watch: Watch) => void,
    private readonly currentRV: () => number,
    replay: StoreEvent[],
  ) {
    this.queue = replay;
    this.sizes = new Array<number>(replay.length).fill(0);
    this.replayLeft = replay.length;
  }

  get closed(): boolean {
    return this.ended;
  }

  progressRV(): number {
    // Events are offered synchronously as they commit, so with nothing queued every committed
    // change up to the current rv has been handed over (or filtered out).
    const next = this.queue[this.head];
    return next === undefined ? this.currentRV() : next.rv - 1;
  }

  /** Whether an event of this watch's bucket is for this watch (prefix and filter). */
  matches(event: StoreEvent): boolean {
    return event.key.startsWith(this.keyPrefix) && (this.filter === undefined || this.filter(event));
  }

  /** Called by the store when `event` (of `bytes` serialized) commits. Never blocks. */
  offer(event: StoreEvent, bytes = 0): void {
    if (this.ended) return;
    let wanted: boolean;
    try {
      wanted = this.matches(event);
    } catch (err) {
      this.fail(err);
      return;
    }
    if (!wanted) return;
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = undefined;
      waiter.resolve({ value: event, done: false });
      return;
    }
    this.queue.push(event);
    this.sizes.push(bytes);
    this.queuedBytes += bytes;
    if (this.queue.length - this.head - this.replayLeft > this.maxQueue) this.fail(new WatchOverflowError(this.maxQueue));
    else if (this.queuedBytes > this.maxQueueBytes) this.fail(new WatchOverflowError(this.maxQueue, this.maxQueueBytes));
  }

  close(): void {
    this.end(undefined);
  }

  /** Ends the watch with an error for its consumer; queued events are dropped. */
  fail(err: unknown): void {
    this.end(err);
  }

  [Symbol.asyncIterator](): AsyncIterator<StoreEvent> {
    if (this.iterated) throw new Error('a store watch can be iterated only once');
    this.iterated = true;
    return {
      next: () => this.next(),
      return: () => {
        this.close();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  private next(): Promise<IteratorResult<StoreEvent>> {
    if (this.head < this.queue.length) {
      const event = this.queue[this.head] as StoreEvent;
      this.queue[this.head] = undefined;
      this.queuedBytes -= this.sizes[this.head] ?? 0;
      this.head++;
      if (this.replayLeft > 0) this.replayLeft--;
      if (this.head === this.queue.length) {
        this.queue = [];
        this.sizes = [];
        this.queuedBytes = 0;
        this.head = 0;
      } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
        this.queue = this.queue.slice(this.head);
        this.sizes = this.sizes.slice(this.head);
        this.head = 0;
      }
      return Promise.resolve({ value: event, done: false });
    }
    if (this.error !== undefined) {
      const err = this.error;
      this.error = undefined; // thrown once; then the iteration is simply over
      return Promise.reject(err);
    }
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    if (this.waiter) return Promise.reject(new Error('concurrent next() calls on a store watch'));
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  private end(err: unknown): void {
    if (this.ended) return;
    this.ended = true;
    // Whoever ended the watch wants no more events (after an overflow the consumer must relist
    // anyway), so queued events are released at once.
    this.queue = [];
    this.sizes = [];
    this.queuedBytes = 0;
    this.head = 0;
    this.replayLeft = 0;
    const waiter = this.waiter;
    this.waiter = undefined;
    if (waiter) {
      if (err !== undefined) waiter.reject(err);
      else waiter.resolve({ value: undefined, done: true });
    } else if (err !== undefined) {
      this.error = err;
    }
    this.onEnd(this);
  }
}
