/**
 * Events expire as on a real cluster, where the API server stores them with a one-hour lease
 * (`--event-ttl`): a periodic sweep deletes Events last seen longer ago than the TTL, so a busy
 * local cluster's store does not fill with old events.
 */
import type { Event } from '../../sdk/types/generated/core-v1.js';
import type { ServerContext } from '../context.js';
import { InternalClient } from '../control/client.js';
import { realClock, type ControllerClock } from '../control/clock.js';
import type { Controller } from '../control/controller.js';
import { sweepLoop } from '../control/sweep-loop.js';

/** The real API server's default `--event-ttl`. */
export const DEFAULT_EVENT_TTL_MS = 60 * 60_000;

/** When an Event was last seen: lastTimestamp, eventTime, series or creation, whichever is set. */
export function lastSeen(ev: Event): number | undefined {
  // Times unset in Go are stored as null (the type says string or absent); Date.parse('') is NaN.
  for (const t of [ev.series?.lastObservedTime, ev.lastTimestamp, ev.eventTime, ev.metadata.creationTimestamp]) {
    const ms = Date.parse(t ?? '');
    if (!Number.isNaN(ms)) return ms;
  }
  return undefined;
}

/** Creates the controller that deletes expired Events. */
export function eventTtlController(ctx: ServerContext, ttlMs = DEFAULT_EVENT_TTL_MS, clock: ControllerClock = realClock(ctx.now)): Controller {
  const client = new InternalClient(ctx, 'event-ttl-controller');
  const events = ctx.registry.kind('v1', 'Event');
  async function sweep(): Promise<void> {
    const cutoff = ctx.now() - ttlMs;
    for (const ev of await client.list(events)) {
      const seen = lastSeen(ev);
      if (seen === undefined || seen > cutoff) continue;
      await client.delete(events, ev.metadata.namespace ?? '', ev.metadata.name ?? '');
    }
  }

  return sweepLoop({
    name: 'event-ttl', ctx, clock, sweep, syncOnStart: true,
    // Sweeping a tenth of the TTL keeps expired events at most 10% past their time.
    intervalMs: Math.max(1000, Math.floor(ttlMs / 10)),
    describeError: (e) => `event ttl: ${e instanceof Error ? e.message : String(e)}`,
  });
}
