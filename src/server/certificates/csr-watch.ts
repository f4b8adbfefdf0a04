/**
 * The loop every certificate controller shares: request names queued from the change feed and an
 * initial list, each reconciled with the request's current object.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext } from '../context.js';
import { InternalClient } from '../control/client.js';
import { realClock } from '../control/clock.js';
import type { RateLimitedQueue } from '../control/rate-limited-queue.js';
import { reconcileLoop, STEADY_RETRY, type ReconcileLoop } from '../control/reconcile-loop.js';
import type { AnyDef } from '../registry/kind-def.js';
import { asObject, asString } from '../util/json.js';

/** A controller over signing requests: `handle` gets the current object of each queued name. */
export function csrController<T extends JsonObject>(
  ctx: ServerContext,
  def: AnyDef<T>,
  name: string,
  handle: (csr: T, queue: RateLimitedQueue) => Promise<void>,
): ReconcileLoop & { client: InternalClient } {
  const client = new InternalClient(ctx, name);
  const nameOf = (o: JsonObject): string => asString(asObject(o.metadata)?.name) ?? '';
  const loop = reconcileLoop({
    name, ctx, clock: realClock(ctx.now), retry: STEADY_RETRY,
    reconcile: async (key) => {
      const csr = await client.get(def, '', key);
      if (csr !== undefined) await handle(csr, loop.queue);
    },
    subscribe: () => [ctx.onWrite((ev) => {
      if (ev.def.bucket === def.bucket && ev.type !== 'DELETED') loop.queue.add(nameOf(ev.object));
    })],
    initialKeys: async () => (await client.list(def)).map(nameOf),
  });
  return { ...loop, client };
}
