/** A counting semaphore: at most `size` log streams open at once (`--max-log-requests`). */
export class StreamSlots {
  private used = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** True when a slot is free now. */
  get available(): boolean {
    return this.used < this.size;
  }

  /** Resolves once a slot is held; rejects with the signal's reason when it aborts first. */
  async acquire(signal: AbortSignal): Promise<void> {
    while (this.used >= this.size) {
      signal.throwIfAborted();
      await new Promise<void>((resolve) => {
        const done = (): void => {
          signal.removeEventListener('abort', done);
          const i = this.waiters.indexOf(done);
          if (i >= 0) this.waiters.splice(i, 1);
          resolve();
        };
        this.waiters.push(done);
        signal.addEventListener('abort', done, { once: true });
      });
    }
    signal.throwIfAborted();
    this.used += 1;
  }

  release(): void {
    this.used -= 1;
    this.waiters.shift()?.();
  }
}
