/**
 * The loop of a controller of one kind's objects (a CronJob, Deployment, StatefulSet, ...
 * controller): every event of the kind's informer queues that object's key, `start` queues them
 * all, and a sync that answers with a delay has its key queued again after it. Events of other
 * kinds (the pods a set owns, say) queue the objects they concern through `dependents`.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { objectKeyOf, type Informer } from '../feed/informer.js';
import { reconcileLoop, type LoopSpec, type ReconcileLoop } from './reconcile-loop.js';

/** What such a controller declares, besides its name, context, clock and workers. */
export interface KindLoopSpec<T extends JsonObject = JsonObject> extends Omit<LoopSpec, 'reconcile' | 'initialKeys' | 'subscriptions'> {
  /** The informer of the kind the controller syncs. */
  objects: Informer<T>;
  /** Syncs the object of `key`; a number is the delay (ms) after which to sync it again. */
  sync(key: string): Promise<number | undefined | void>;
  /** The handlers of other informers, given the function that queues one of `objects`. */
  dependents?(enqueue: (object: T) => void): (() => void)[];
}

/** Builds the loop of a controller of one kind. */
export function kindLoop<T extends JsonObject>(spec: KindLoopSpec<T>): ReconcileLoop {
  const { objects, sync, dependents, ...loopSpec } = spec;
  const enqueue = (object: T): void => loop.queue.add(objectKeyOf(object));
  const loop = reconcileLoop({
    ...loopSpec,
    reconcile: async (key) => {
      const after = await sync(key);
      if (typeof after === 'number') loop.queue.addAfter(key, after);
    },
    initialKeys: () => objects.list().map(objectKeyOf),
    subscriptions: [objects.addHandler((ev) => enqueue(ev.object)), ...(dependents?.(enqueue) ?? [])],
  });
  return loop;
}
