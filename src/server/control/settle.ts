/**
 * Waiting until a server's controllers are quiescent. One controller's write can queue work for
 * another that was idle a moment before (a Deployment's ReplicaSet wakes the ReplicaSet
 * controller, whose pods wake the scheduler, ...), so one pass over them proves nothing: the
 * passes go on until one of them saw no persisted write at all, since only a write queues new
 * work (delayed keys, whose time has not come, do not count, as they never did for `idle`).
 */
import type { WriteEvent } from '../feed/change-feed.js';
import type { Controller } from './controller.js';

/** Passes after which controllers that still write are reported as not settling. */
export const MAX_SETTLE_PASSES = 100;

/**
 * Resolves once a pass that waits for each controller to be idle in turn saw no write; throws
 * when {@link MAX_SETTLE_PASSES} passes all saw writes (a controller that keeps rewriting).
 */
export async function settleControllers(controllers: readonly Controller[], feed: { onWrite(listener: (event: WriteEvent) => void): () => void }): Promise<void> {
  const written = new Map<string, number>();
  let writes = 0;
  const unsubscribe = feed.onWrite((ev) => {
    writes++;
    written.set(ev.def.plural, (written.get(ev.def.plural) ?? 0) + 1);
  });
  try {
    for (let pass = 0; pass < MAX_SETTLE_PASSES; pass++) {
      const before = writes;
      written.clear();
      for (const c of controllers) await c.idle();
      if (writes === before) return;
    }
    const last = [...written].map(([plural, n]) => `${n} ${plural}`).join(', ');
    throw new Error(`the controllers did not settle: after ${MAX_SETTLE_PASSES} passes they still write (last pass: ${last})`);
  } finally {
    unsubscribe();
  }
}
