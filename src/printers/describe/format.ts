/**
 * Small formatting helpers shared by the describers, each as kubectl formats the same thing.
 */
import { humanDuration } from '../../sdk/types/human-duration.js';
import { sortedKeys } from '../../machinery/json/go-json.js';
import { obj, str } from './json-access.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1 } from './writer.js';

/** Options every describer takes. */
export interface DescribeOptions {
  /** The clock ages are computed against. */
  now: Date;
  /**
   * Minutes east of UTC for absolute times at a given instant (kubectl prints local time);
   * UTC when absent.
   */
  timeZoneOffset?: (at: Date) => number;
  /** The local zone's abbreviation at a given instant (`CET`), for Go's `time.Time.String()`; see {@link formatGoTime}. */
  timeZoneName?: (at: Date) => string | undefined;
  /** Whether to print the Events section (kubectl's `--show-events`, default true). */
  showEvents?: boolean;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Go's `time.RFC1123Z` (`Mon, 02 Jan 2006 15:04:05 -0700`); the zero time for a missing timestamp. */
export function formatRfc1123z(timestamp: string | undefined, options: DescribeOptions): string {
  const t = timestamp ? Date.parse(timestamp) : NaN;
  if (Number.isNaN(t)) return 'Mon, 01 Jan 0001 00:00:00 +0000';
  const offset = options.timeZoneOffset?.(new Date(t)) ?? 0;
  const d = new Date(t + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${DAYS[d.getUTCDay()]}, ${pad2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ` +
    `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} ${sign}${pad2(Math.floor(abs / 60))}${pad2(abs % 60)}`;
}

/**
 * Go's `time.Time.String()` of a timestamp in the local zone (`2006-01-02 15:04:05 -0700 MST`),
 * as describers print a `metav1.Time` with `%s`: the zone's abbreviation when the caller knows
 * it, else `UTC` at offset zero and elsewhere the offset as the tz database abbreviates a zone
 * without a name (`-03`, `+0530`); the zero time for a missing timestamp.
 */
export function formatGoTime(timestamp: string | undefined, options: DescribeOptions): string {
  const t = timestamp ? Date.parse(timestamp) : NaN;
  if (Number.isNaN(t)) return '0001-01-01 00:00:00 +0000 UTC';
  const offset = options.timeZoneOffset?.(new Date(t)) ?? 0;
  const d = new Date(t + offset * 60_000);
  const abs = Math.abs(offset);
  const zone = `${offset < 0 ? '-' : '+'}${pad2(Math.floor(abs / 60))}${pad2(abs % 60)}`;
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} ` +
    `${zone} ${options.timeZoneName?.(new Date(t)) ?? (offset === 0 ? 'UTC' : abs % 60 === 0 ? zone.slice(0, 3) : zone)}`;
}

/** The age of a timestamp (`5m`), or `<unknown>` when it is missing. */
export function timestampSince(timestamp: string | undefined, now: Date): string {
  const t = timestamp ? Date.parse(timestamp) : NaN;
  if (Number.isNaN(t)) return '<unknown>';
  return humanDuration(now.getTime() - t);
}

/** `Labels:\tk=v` lines aligned under each other, or `<none>` (kubectl's `printLabelsMultiline`). */
export function printLabelsMultiline(
  w: DescribeWriter,
  title: string,
  labels: Readonly<Record<string, string>> | undefined,
  initialIndent = '',
): void {
  w.write(LEVEL_0, `${initialIndent}${title}:\t`);
  const keys = sortedKeys(labels);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, `${initialIndent}\t`);
    w.write(LEVEL_0, `${key}=${labels?.[key] ?? ''}\n`);
  });
}

const MAX_ANNOTATION_LEN = 140;

/**
 * Annotations as kubectl prints them: sorted, the last-applied configuration left out, long or
 * multi-line values on their own indented lines, cut at 138 characters with `...`.
 */
export function printAnnotationsMultiline(
  w: DescribeWriter,
  title: string,
  annotations: Readonly<Record<string, string>> | undefined,
  skip: ReadonlySet<string>,
): void {
  w.write(LEVEL_0, `${title}:\t`);
  const keys = sortedKeys(annotations).filter((k) => !skip.has(k));
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const indent = '\t';
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, indent);
    const value = (annotations?.[key] ?? '').replace(/\n$/, '');
    if (Buffer.byteLength(value) + Buffer.byteLength(key) + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(LEVEL_0, `${key}:\n`);
      for (const line of value.split('\n')) w.write(LEVEL_0, `${indent}  ${shorten(line, MAX_ANNOTATION_LEN - 2)}\n`);
    } else {
      w.write(LEVEL_0, `${key}: ${value}\n`);
    }
  });
}

/** Go's byte-wise `s[:max] + "..."` for strings longer than `max` bytes. */
function shorten(s: string, max: number): string {
  const bytes = new TextEncoder().encode(s);
  if (bytes.length <= max) return s;
  return `${new TextDecoder().decode(bytes.slice(0, max))}...`;
}

/** kubectl's `printBoolPtr`: `True`, `False`, or `<unset>` when the field is absent. */
export function printBoolPtr(v: unknown): string {
  return typeof v === 'boolean' ? (v ? 'True' : 'False') : '<unset>';
}

/**
 * A `Conditions:` section as kubectl's describers write it, left out when there are none: the
 * column titles and their rule of dashes (each describer has its own), then a row per condition.
 */
export function printConditions(
  w: DescribeWriter,
  conditions: readonly Record<string, unknown>[],
  titles: string,
  rule: string,
  row: (condition: Record<string, unknown>) => string,
): void {
  if (conditions.length === 0) return;
  w.write(LEVEL_0, 'Conditions:\n');
  w.write(LEVEL_1, `${titles}\n`);
  w.write(LEVEL_1, `${rule}\n`);
  for (const c of conditions) w.write(LEVEL_1, `${row(c)}\n`);
}

/**
 * A titled list as kubectl's describers write one: the title and `empty` alone when the list is
 * empty, else the title on its own line and what `printItem` writes for each item.
 */
export function printListSection<T>(w: DescribeWriter, title: string, items: readonly T[], printItem: (item: T) => void, empty = '\t<none>'): void {
  if (items.length === 0) {
    w.write(LEVEL_0, `${title}:${empty}\n`);
    return;
  }
  w.write(LEVEL_0, `${title}:\n`);
  for (const item of items) printItem(item);
}

/** A typed reference (`apiGroup`, `kind`, `name`) under its title, when there is one: an ingress class's parameters, a claim's data source. */
export function printTypedReference(w: DescribeWriter, title: string, ref: unknown): void {
  if (ref === undefined || ref === null) return;
  const r = obj(ref);
  w.write(LEVEL_0, `${title}:\n`);
  if (typeof r['apiGroup'] === 'string') w.write(LEVEL_1, `APIGroup:\t${r['apiGroup']}\n`);
  w.write(LEVEL_1, `Kind:\t${str(r['kind'])}\n`);
  w.write(LEVEL_1, `Name:\t${str(r['name'])}\n`);
}
