import type { KubeObject } from '../../sdk/types/meta.js';
import type { DescribeOptions } from './format.js';
import { timestampSince } from './format.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1 } from './writer.js';

/** The fields of a core/v1 Event the Events table shows. */
export interface EventLike extends KubeObject {
  type?: string;
  reason?: string;
  message?: string;
  count?: number;
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  eventTime?: string | null;
  series?: { count?: number; lastObservedTime?: string } | null;
  source?: { component?: string; host?: string };
  reportingComponent?: string;
  reportingController?: string;
  involvedObject?: { kind?: string; name?: string; namespace?: string; uid?: string; fieldPath?: string };
}

/** kubectl 1.32 orders events by `lastTimestamp` alone (events without one first). */
function eventTime(e: EventLike): number {
  const ms = e.lastTimestamp ? Date.parse(e.lastTimestamp) : NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/**
 * The `Events:` section: `<none>`, or a table of the events (in order of `lastTimestamp`) with
 * their type, reason, age (`5m`, or `3m (x4 over 10m)` for repeated events), source and message.
 */
export function describeEvents(events: readonly EventLike[], w: DescribeWriter, options: DescribeOptions): void {
  if (events.length === 0) {
    w.write(LEVEL_0, 'Events:\t<none>\n');
    return;
  }
  w.flush();
  const sorted = events.map((e, i) => ({ e, i })).sort((a, b) => eventTime(a.e) - eventTime(b.e) || a.i - b.i).map((x) => x.e);
  w.write(LEVEL_0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(LEVEL_1, '----\t------\t----\t----\t-------\n');
  for (const e of sorted) {
    let first = timestampSince(e.eventTime ?? undefined, options.now);
    if (!e.eventTime) first = timestampSince(e.firstTimestamp ?? undefined, options.now);
    let interval: string;
    if (e.series) interval = `${timestampSince(e.series.lastObservedTime, options.now)} (x${e.series.count ?? 0} over ${first})`;
    else if ((e.count ?? 0) > 1) interval = `${timestampSince(e.lastTimestamp ?? undefined, options.now)} (x${e.count ?? 0} over ${first})`;
    else interval = first;
    // core/v1 Event's ReportingController is the JSON field `reportingComponent`.
    const source = e.source?.component || e.reportingComponent || '';
    const message = (e.message ?? '').trim();
    w.write(LEVEL_1, `${e.type ?? ''}\t${e.reason ?? ''}\t${interval}\t${source}\t${message}\n`);
  }
}
