/**
 * The loop every workload controller runs: informer handlers queue keys, a rate-limited queue
 * hands them to one `reconcile(key)` that reads the caches and writes through the API; a failed
 * key is retried with back-off. `start` waits for the caches to be filled and queues every key
 * the controller owns, as an informer's initial list does.
 */
import type { ServerContext } from '../../context.js';
import type { Controller } from '../controller.js';
import type { ControllerClock } from './clock.js';
import type { SharedInformers } from './informer.js';
import { RateLimitedQueue } from './rate-limited-queue.js';

/** What a controller declares. */
export interface LoopSpec {
  name: string;
  ctx: ServerContext;
  clock: ControllerClock;
  informers: SharedInformers;
  /** Keys processed at the same time (client-go's `--concurrent-*-syncs`). */
  workers?: number;
  reconcile(key: string): Promise<void>;
  /** Keys to queue once the caches are filled. */
  initialKeys(): Iterable<string>;
  /** Handlers to remove on stop. */
  subscriptions?: (() => void)[];
  /** Extra work on stop (timers of the controller). */
  onStop?(): void;
}

/** A running loop: the controller and its queue. */
export interface ReconcileLoop extends Controller {
  readonly queue: RateLimitedQueue;
}

/** Builds the loop of a controller. */
export function reconcileLoop(spec: LoopSpec): ReconcileLoop {
  const queue = new RateLimitedQueue((key) => spec.reconcile(key), (key, e) => {
    spec.ctx.log(`${spec.name}: sync ${key}: ${e instanceof Error ? e.message : String(e)}`);
  }, { clock: spec.clock, workers: spec.workers ?? 1 });
  return {
    name: spec.name,
    queue,
    async start() {
      await spec.informers.start();
      for (const key of spec.initialKeys()) queue.add(key);
    },
    idle: () => queue.idle(),
    stop() {
      for (const unsubscribe of spec.subscriptions ?? []) unsubscribe();
      spec.onStop?.();
      queue.stop();
    },
  };
}
