/**
 * The kubelet's crash-loop back-off (client-go flowcontrol.Backoff): per container, a delay that
 * starts at `initialMs` (10 s) and doubles on every restart up to `maxMs` (5 min), measured from
 * the moment the last instance finished. An entry untouched for `resetMs` (twice the maximum, so
 * 10 minutes: a container that ran that long) starts over.
 */

/** Back-off settings. */
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  resetMs: number;
}

interface Entry {
  delayMs: number;
  lastUpdate: number;
}

/** Back-off delays by key. */
export class Backoff {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: BackoffOptions, private readonly now: () => number) {}

  /** The first delay (also how long a container that could not be created waits before the next try). */
  get initialMs(): number {
    return this.options.initialMs;
  }

  /** True while `key` is backing off from an event at `since` (ms). */
  inBackoffSince(key: string, since: number): boolean {
    const e = this.entries.get(key);
    if (e === undefined || this.expired(e, since)) return false;
    return this.now() - since < e.delayMs;
  }

  /** The current delay of `key` (ms; 0 when none). */
  get(key: string): number {
    return this.entries.get(key)?.delayMs ?? 0;
  }

  /** Records a restart after an event at `since`: the first delay, or the next doubled one. */
  next(key: string, since: number): void {
    const e = this.entries.get(key);
    if (e === undefined || this.expired(e, since)) {
      this.entries.set(key, { delayMs: this.options.initialMs, lastUpdate: since });
      return;
    }
    this.entries.set(key, { delayMs: Math.min(e.delayMs * 2, this.options.maxMs), lastUpdate: since });
  }

  /** Forgets every key with a prefix (a pod that is gone). */
  forget(prefix: string): void {
    for (const k of this.entries.keys()) if (k.startsWith(prefix)) this.entries.delete(k);
  }

  private expired(e: Entry, eventTime: number): boolean {
    return eventTime - e.lastUpdate > this.options.resetMs;
  }
}

