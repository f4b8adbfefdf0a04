/**
 * Pod workers: one serial worker per pod, as in the kubelet. A sync request while the pod's worker
 * runs is remembered and runs once afterwards with the latest state, so syncs of one pod never
 * overlap, while different pods (one waiting out a 30-second grace period, another starting)
 * proceed independently. A sync may ask to run again after a delay (back-off expiry, retries).
 */

interface Worker {
  running: boolean;
  pending: boolean;
  timer: NodeJS.Timeout | undefined;
  dueAt: number;
}

/** The workers of a node agent. */
export class PodWorkers {
  private readonly workers = new Map<string, Worker>();
  private readonly idleWaiters = new Set<() => void>();
  private stopped = false;

  constructor(private readonly sync: (uid: string) => Promise<void>, private readonly onError: (uid: string, e: unknown) => void) {}

  /** Asks for a sync of a pod (now, or right after the running one). */
  update(uid: string): void {
    if (this.stopped) return;
    let w = this.workers.get(uid);
    if (w === undefined) {
      w = { running: false, pending: false, timer: undefined, dueAt: 0 };
      this.workers.set(uid, w);
    }
    if (w.running) {
      w.pending = true;
      return;
    }
    w.running = true;
    setImmediate(() => void this.run(uid, w));
  }

  /** Asks for a sync after `delayMs` (an earlier request wins). */
  updateAfter(uid: string, delayMs: number): void {
    if (this.stopped) return;
    const w = this.workers.get(uid);
    if (w === undefined) return;
    const due = Date.now() + delayMs;
    if (w.timer !== undefined && w.dueAt <= due) return;
    if (w.timer !== undefined) clearTimeout(w.timer);
    w.dueAt = due;
    w.timer = setTimeout(() => {
      w.timer = undefined;
      this.update(uid);
    }, Math.max(0, delayMs));
    w.timer.unref();
  }

  /** Forgets a pod's worker (after its last sync). */
  remove(uid: string): void {
    const w = this.workers.get(uid);
    if (w?.timer !== undefined) clearTimeout(w.timer);
    if (w !== undefined && !w.running) this.workers.delete(uid);
    this.notifyIdle();
  }

  private async run(uid: string, w: Worker): Promise<void> {
    for (;;) {
      w.pending = false;
      try {
        await this.sync(uid);
      } catch (e) {
        this.onError(uid, e);
        this.updateAfter(uid, 1000);
      }
      if (!w.pending || this.stopped) break;
    }
    w.running = false;
    this.notifyIdle();
  }

  private notifyIdle(): void {
    if ([...this.workers.values()].some((w) => w.running)) return;
    for (const r of this.idleWaiters) r();
    this.idleWaiters.clear();
  }

  /** Resolves when no sync runs. */
  idle(): Promise<void> {
    if (![...this.workers.values()].some((w) => w.running)) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.add(r));
  }

  /** Stops taking requests (running syncs finish). */
  stop(): void {
    this.stopped = true;
    for (const w of this.workers.values()) if (w.timer !== undefined) clearTimeout(w.timer);
  }
}
