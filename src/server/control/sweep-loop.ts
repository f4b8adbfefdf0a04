/**
 * The loop of a controller that looks at everything of its kind now and then (expired Events,
 * old signing requests, node health) rather than at one object per key: a reconcile loop with a
 * single key, queued at start, again `intervalMs` after each sweep on the controller clock, and
 * whenever the controller asks for a sweep sooner (`sweepNow`, `sweepSoon`). A failed sweep is
 * logged and the next one tries again, as with a ticker.
 */
import type { ServerContext } from '../context.js';
import type { ControllerClock } from './clock.js';
import { reconcileLoop, type ReconcileLoop } from './reconcile-loop.js';

/** The one key of a sweep loop. */
const SWEEP = 'sweep';

/** What a sweeping controller declares. */
export interface SweepSpec {
  name: string;
  ctx: ServerContext;
  clock: ControllerClock;
  /** Time between the end of one sweep and the start of the next. */
  intervalMs: number;
  sweep(): Promise<void>;
  /** Handlers made by `start`, before the first sweep (removed on stop). */
  subscribe?(): (() => void)[];
  /** `start` resolves once the first sweep is done. */
  syncOnStart?: boolean;
  /** The log line of a failed sweep (default: the controller's name and the error). */
  describeError?(e: unknown): string;
}

/** A running sweep loop. */
export interface SweepLoop extends ReconcileLoop {
  /** Sweeps as soon as the running sweep (if any) is done. */
  sweepNow(): void;
  /** Sweeps after `delayMs` unless a sweep comes sooner. */
  sweepSoon(delayMs: number): void;
}

/** Builds the loop of a sweeping controller. */
export function sweepLoop(spec: SweepSpec): SweepLoop {
  const loop = reconcileLoop({
    name: spec.name, ctx: spec.ctx, clock: spec.clock,
    reconcile: async () => {
      try {
        await spec.sweep();
      } catch (e) {
        spec.ctx.log(spec.describeError?.(e) ?? `${spec.name}: ${e instanceof Error ? e.message : String(e)}`);
      }
      loop.queue.addAfter(SWEEP, spec.intervalMs);
    },
    initialKeys: () => [SWEEP],
    ...(spec.subscribe !== undefined ? { subscribe: spec.subscribe } : {}),
    ...(spec.syncOnStart !== undefined ? { syncOnStart: spec.syncOnStart } : {}),
  });
  return {
    ...loop,
    sweepNow: () => loop.queue.add(SWEEP),
    sweepSoon: (delayMs) => loop.queue.addAfter(SWEEP, delayMs),
  };
}
