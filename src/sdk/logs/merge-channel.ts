/**
 * A bounded hand-over from many producers (one per followed container) to the one consumer of an
 * async iterator: a producer awaits `push` while the consumer is behind, so that a slow reader
 * slows the log streams down (their TCP windows fill) instead of growing memory.
 */
export class MergeChannel<T> {
  private readonly items: T[] = [];
  private readonly spaceWaiters: (() => void)[] = [];
  private itemWaiter: (() => void) | undefined;
  private closed = false;
  private failure: { error: unknown } | undefined;

  constructor(private readonly highWater = 256) {}

  /** Adds an item; resolves once there is room for more (or at once after close). */
  async push(item: T): Promise<void> {
    if (this.closed) return;
    this.items.push(item);
    this.wake();
    while (this.items.length >= this.highWater && !this.closed) {
      await new Promise<void>((resolve) => this.spaceWaiters.push(resolve));
    }
  }

  /** Ends the iteration after the items already pushed; with an error, the iteration throws it. */
  close(error?: unknown): void {
    if (this.closed) return;
    this.closed = true;
    if (error !== undefined) this.failure = { error };
    this.wake();
    for (const w of this.spaceWaiters.splice(0)) w();
  }

  /** True once {@link close} was called. */
  get isClosed(): boolean {
    return this.closed;
  }

  async *drain(): AsyncGenerator<T> {
    for (;;) {
      const item = this.items.shift();
      if (item !== undefined) {
        if (this.items.length < this.highWater) for (const w of this.spaceWaiters.splice(0)) w();
        yield item;
        continue;
      }
      if (this.closed) {
        if (this.failure !== undefined) throw this.failure.error;
        return;
      }
      await new Promise<void>((resolve) => (this.itemWaiter = resolve));
    }
  }

  private wake(): void {
    const w = this.itemWaiter;
    this.itemWaiter = undefined;
    w?.();
  }
}
