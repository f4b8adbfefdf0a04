/**
 * `events`' table (kubectl's EventPrinter): LAST SEEN (with `(xN over AGE)` for repeated events),
 * TYPE, REASON, OBJECT (`kind/name`), MESSAGE, and NAMESPACE first with `-A`; events sorted by
 * the time they were last seen.
 */
import { timestampAge } from '../../sdk/types/human-duration.js';
import type { KubeObject } from '../../sdk/types/meta.js';
import { TabWriter, type TabWriterOptions } from '../table/tabwriter.js';
import { jsonObjectOrEmpty as obj, stringOrEmpty as str } from '../../machinery/json/values.js';

type Json = Record<string, unknown>;

/** kubectl's `GetNewTabWriter` settings, widths not kept between flushes. */
const EVENT_TABWRITER: TabWriterOptions = { minWidth: 6, padding: 3, padChar: ' ', rememberWidths: false };


/** The time an event sorts by: series last observed, lastTimestamp, else eventTime. */
export function eventSortTime(e: KubeObject): number {
  const ev = e as Json;
  const series = obj(ev.series);
  const t = str(series.lastObservedTime) !== '' ? series.lastObservedTime : str(ev.lastTimestamp) !== '' ? ev.lastTimestamp : ev.eventTime;
  const ms = Date.parse(str(t));
  return Number.isNaN(ms) ? 0 : ms;
}

/** Events in kubectl's order (by {@link eventSortTime}; ties keep their order). */
export function sortEvents(events: readonly KubeObject[]): KubeObject[] {
  return events.map((e, i) => ({ e, i, t: eventSortTime(e) })).sort((a, b) => a.t - b.t || a.i - b.i).map((x) => x.e);
}

/** `getInterval`. */
function interval(e: Json, now: number): string {
  const first = str(e.eventTime) !== '' ? timestampAge(e.eventTime, now) : timestampAge(e.firstTimestamp, now);
  const series = e.series;
  if (series !== undefined && series !== null) return `${timestampAge(obj(series).lastObservedTime, now)} (x${String(obj(series).count ?? 0)} over ${first})`;
  const count = typeof e.count === 'number' ? e.count : 0;
  if (count > 1) return `${timestampAge(e.lastTimestamp, now)} (x${count} over ${first})`;
  return first;
}

function escape(s: string): string {
  return s.replaceAll('\x1b', '^[').replaceAll('\r', '\\r');
}

/** Options of {@link formatEvents}. */
export interface EventTableOptions {
  now: number;
  allNamespaces: boolean;
  /** Print the header row (the first block only, and not with `--no-headers`). */
  headers: boolean;
}

/** The table rows of some events (one tab-writer block). */
export function formatEvents(events: readonly KubeObject[], options: EventTableOptions): string {
  const w = new TabWriter(EVENT_TABWRITER);
  if (options.headers) w.write(`${options.allNamespaces ? 'NAMESPACE\t' : ''}LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE\n`);
  for (const event of events) {
    const e = event as Json;
    const involved = obj(e.involvedObject);
    const ns = options.allNamespaces ? `${event.metadata?.namespace ?? ''}\t` : '';
    w.write(`${ns}${interval(e, options.now)}\t${escape(str(e.type))}\t${escape(str(e.reason))}\t${escape(str(involved.kind))}/${escape(str(involved.name))}\t${escape(str(e.message).trim())}\n`);
  }
  w.flush();
  return w.take();
}
