/**
 * The token cleaner: deletes bootstrap token secrets (`bootstrap.platform.io/token` in
 * `platform-system`) once their `expiration` has passed, checking each at its expiry and in a
 * periodic sweep.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { NAMESPACES, SECRET_TYPES } from '../../sdk/naming.js';
import { bootstrapTokenExpired, expirationOf } from '../auth/authn/bootstrap-token.js';
import type { ServerContext } from '../context.js';
import { asObject, asString, nameOf } from '../util/json.js';
import { InternalClient } from '../control/client.js';
import type { Controller } from '../control/controller.js';
import { realClock, type CancelTimer } from '../control/clock.js';
import { reconcileLoop, STEADY_RETRY } from '../control/reconcile-loop.js';

const DEFAULT_SWEEP_MS = 60_000;
/** Longest single timer (setTimeout's limit is about 24.8 days). */
const MAX_DELAY_MS = 24 * 3600 * 1000;

/** Creates the token cleaner. */
export function tokenCleaner(ctx: ServerContext, sweepMs = DEFAULT_SWEEP_MS): Controller {
  const client = new InternalClient(ctx, 'token-cleaner');
  const def = ctx.registry.served('', 'v1', 'secrets');

  function consider(secret: JsonObject): void {
    if (secret.type !== SECRET_TYPES.bootstrapToken) return;
    if (asString(asObject(secret.metadata)?.namespace) !== NAMESPACES.system) return;
    const exp = expirationOf(secret);
    if (exp === undefined) return;
    const wait = Number.isNaN(exp) ? 0 : exp - ctx.now();
    if (wait <= 0) queue.add(nameOf(secret));
    else queue.addAfter(nameOf(secret), Math.min(wait + 10, MAX_DELAY_MS));
  }

  const clock = realClock(ctx.now);
  let cancelSweep: CancelTimer | undefined;

  async function sweep(): Promise<void> {
    for (const s of await client.list(def, NAMESPACES.system)) consider(s);
  }

  function sweepLater(): void {
    cancelSweep = clock.setTimer(() => {
      sweep().catch((e: unknown) => ctx.log(`token cleaner: ${e instanceof Error ? e.message : String(e)}`));
      sweepLater();
    }, sweepMs);
  }

  const loop = reconcileLoop({
    name: 'token-cleaner', ctx, clock, retry: STEADY_RETRY,
    reconcile: async (name) => {
      const secret = await client.get(def, NAMESPACES.system, name);
      if (secret === undefined || secret.type !== SECRET_TYPES.bootstrapToken) return;
      if (!bootstrapTokenExpired(secret, ctx.now())) {
        consider(secret);
        return;
      }
      ctx.log(`token cleaner: deleting expired bootstrap token secret ${NAMESPACES.system}/${name}`);
      await client.delete(def, NAMESPACES.system, name);
    },
    // The first sweep queues what is expired and times the rest.
    initialKeys: async () => {
      await sweep();
      return [];
    },
    subscriptions: [ctx.onWrite((ev) => {
      if (ev.def.bucket === def.bucket && ev.type !== 'DELETED') consider(ev.object);
    })],
    onStart: sweepLater,
    onStop: () => cancelSweep?.(),
  });
  const queue = loop.queue;
  return loop;
}
