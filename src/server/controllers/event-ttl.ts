/**
 * Events expire as on a real cluster, where the API server stores them with a one-hour lease
 * (`--event-ttl`): a periodic sweep deletes Events last seen longer ago than the TTL, so a busy
 * local cluster's store does not fill with old events.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext } from '../context.js';
import { InternalClient } from '../control/client.js';
import { realClock, type ControllerClock } from '../control/clock.js';
import type { Controller } from '../control/controller.js';
import { sweepLoop } from '../control/sweep-loop.js';
import { asObject, asString } from '../util/json.js';

/** The real API server's default `--event-ttl`. */
export const DEFAULT_EVENT_TTL_MS = 60 * 60_000;

/** When an Event was last seen: lastTimestamp, eventTime, series or creation, whichever is set. */
export function lastSeen(ev: JsonObject): number | undefined {
  const candidates = [
    asString(asObject(ev.series)?.lastObservedTime),
    asString(ev.lastTimestamp),
    asString(ev.eventTime),
    asString(asObject(ev.metadata)?.creationTimestamp),
  ];
  for (const c of candidates) {
    if (c === undefined) continue;
    const ms = Date.parse(c);
    if (!Number.isNaN(ms)) return ms;
  }
  return undefined;
}

/** Creates the controller that deletes expired Events. */
export function eventTtlController(ctx: ServerContext, ttlMs = DEFAULT_EVENT_TTL_MS, clock: ControllerClock = realClock(ctx.now)): Controller {
  const client = new InternalClient(ctx, 'event-ttl-controller');
  const def = ctx.registry.served('', 'v1', 'events');
  const events = def;
  async function sweep(): Promise<void> {
    const cutoff = ctx.now() - ttlMs;
    for (const ev of await client.list(events)) {
      const seen = lastSeen(ev);
      if (seen === undefined || seen > cutoff) continue;
      const meta = asObject(ev.metadata) ?? {};
      await client.delete(events, asString(meta.namespace) ?? '', asString(meta.name) ?? '');
    }
  }

  return sweepLoop({
    name: 'event-ttl', ctx, clock, sweep, syncOnStart: true,
    // Sweeping a tenth of the TTL keeps expired events at most 10% past their time.
    intervalMs: Math.max(1000, Math.floor(ttlMs / 10)),
    describeError: (e) => `event ttl: ${e instanceof Error ? e.message : String(e)}`,
  });
}
