/**
 * The loop every controller runs: handlers (of informers, or of the change feed) queue keys, a
 * rate-limited queue hands them to one `reconcile(key)` that reads the caches or the store and
 * writes through the API; a failed key is retried with back-off. `start` waits for the shared
 * informers to be filled and queues every key the controller owns, as an informer's initial list
 * does.
 */
import type { ServerContext } from '../context.js';
import type { Controller } from './controller.js';
import type { ControllerClock } from './clock.js';
import { RateLimitedQueue } from './rate-limited-queue.js';

/** How a failed key is retried: after `baseDelayMs`, doubling per failure up to `maxDelayMs`. */
export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * The retry of the controllers that react to the change feed (namespaces, garbage collection,
 * CRDs, ...): every 100 ms, without growing, so that a write refused for a moment (a conflict,
 * a namespace still terminating) is tried again soon.
 */
export const STEADY_RETRY: RetryPolicy = { baseDelayMs: 100, maxDelayMs: 100 };

/** What a controller declares. */
export interface LoopSpec {
  name: string;
  ctx: ServerContext;
  clock: ControllerClock;
  /** Keys processed at the same time (client-go's `--concurrent-*-syncs`). */
  workers?: number;
  /** How failed keys are retried (default: client-go's per-item exponential back-off). */
  retry?: RetryPolicy;
  reconcile(key: string): Promise<void>;
  /** Keys to queue once the caches are filled (a list of the store, where the caches are not used). */
  initialKeys(): Iterable<string> | Promise<Iterable<string>>;
  /** Handlers made with the controller (informer handlers), removed on stop. */
  subscriptions?: (() => void)[];
  /**
   * Handlers made by `start`, before the initial keys are listed, for a controller that must not
   * react before it starts (returns their unsubscribe functions, called on stop).
   */
  subscribe?(): (() => void)[];
  /** `start` resolves only once the initial keys are reconciled (what must be in place before the server is ready). */
  syncOnStart?: boolean;
  /** Extra work once the initial keys are queued (periodic sweeps of the controller). */
  onStart?(): void;
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
  }, { clock: spec.clock, workers: spec.workers ?? 1, ...(spec.retry ?? {}) });
  const late: (() => void)[] = [];
  return {
    name: spec.name,
    queue,
    async start() {
      late.push(...(spec.subscribe?.() ?? []));
      await spec.ctx.informers.start();
      for (const key of await spec.initialKeys()) queue.add(key);
      spec.onStart?.();
      if (spec.syncOnStart === true) await queue.idle();
    },
    idle: () => queue.idle(),
    stop() {
      for (const unsubscribe of [...(spec.subscriptions ?? []), ...late.splice(0)]) unsubscribe();
      spec.onStop?.();
      queue.stop();
    },
  };
}
