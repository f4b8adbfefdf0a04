/**
 * The plumbing every certificate controller shares: a work queue of request names fed by the
 * store's change events and an initial list.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext } from '../context.js';
import type { Controller } from '../controllers/controller.js';
import { InternalClient } from '../controllers/client.js';
import { WorkQueue } from '../controllers/work-queue.js';
import type { ResourceDef } from '../registry/types.js';
import { asObject, asString } from '../util/json.js';

/** A controller over signing requests: `handle` gets the current object of each queued name. */
export function csrController(
  ctx: ServerContext,
  def: ResourceDef,
  name: string,
  handle: (csr: JsonObject, queue: WorkQueue) => Promise<void>,
  extra: { start?: () => void; stop?: () => void } = {},
): Controller & { queue: WorkQueue; client: InternalClient } {
  const client = new InternalClient(ctx, name);
  const queue: WorkQueue = new WorkQueue(async (key) => {
    const csr = await client.get(def, '', key);
    if (csr !== undefined) await handle(csr, queue);
  }, (key, e) => ctx.log(`${name}: ${key}: ${e instanceof Error ? e.message : String(e)}`));
  const nameOf = (o: JsonObject): string => asString(asObject(o.metadata)?.name) ?? '';
  let unsubscribe: (() => void) | undefined;
  return {
    name,
    queue,
    client,
    async start() {
      unsubscribe = ctx.onWrite((ev) => {
        if (ev.def.bucket === def.bucket && ev.type !== 'DELETED') queue.add(nameOf(ev.object));
      });
      for (const csr of await client.list(def)) queue.add(nameOf(csr));
      extra.start?.();
    },
    idle: () => queue.idle(),
    stop() {
      unsubscribe?.();
      extra.stop?.();
      queue.stop();
    },
  };
}
