/**
 * Pod workers: one serial worker per pod, as in the kubelet, on the controllers' rate-limited
 * queue. A sync request while the pod's worker runs is remembered and runs once afterwards with
 * the latest state, so syncs of one pod never overlap, while different pods (one waiting out a
 * 30-second grace period, another starting) proceed independently. A sync may ask to run again
 * after a delay (back-off expiry, retries); delays run on the controller clock, so a test's fake
 * clock drives them.
 */
import type { ControllerClock } from '../../control/clock.js';
import { RateLimitedQueue } from '../../control/rate-limited-queue.js';

/** A failed sync runs again after a second (and again, every second, while it fails). */
const RETRY_MS = 1000;

/** The workers of a node agent. */
export class PodWorkers {
  private readonly queue: RateLimitedQueue;
  /** Pods with a worker (asked for and not yet removed): only they take delayed syncs. */
  private readonly known = new Set<string>();

  constructor(sync: (uid: string) => Promise<void>, onError: (uid: string, e: unknown) => void, clock: ControllerClock) {
    // Every pod has its own worker: the queue runs any number of different pods at once.
    this.queue = new RateLimitedQueue(sync, onError, { clock, workers: Infinity, baseDelayMs: RETRY_MS, maxDelayMs: RETRY_MS });
  }

  /** Asks for a sync of a pod (now, or right after the running one). */
  update(uid: string): void {
    this.known.add(uid);
    this.queue.add(uid);
  }

  /** Asks for a sync after `delayMs` (an earlier request wins). */
  updateAfter(uid: string, delayMs: number): void {
    if (this.known.has(uid)) this.queue.addAfter(uid, Math.max(0, delayMs));
  }

  /** Forgets a pod's worker (after its last sync): its delayed syncs are dropped. */
  remove(uid: string): void {
    this.known.delete(uid);
    this.queue.discard(uid);
  }

  /** Resolves when no sync runs or waits to run (delayed syncs do not count). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** Stops taking requests (running syncs finish). */
  stop(): void {
    this.queue.stop();
  }
}
