/**
 * Cron schedules as the CronJob controller reads them (robfig/cron's `ParseStandard`): five
 * fields (minute, hour, day of month, month, day of week) with `*`, `?`, lists, ranges, steps and
 * month/day names, the `@yearly`...`@hourly` descriptors and `@every <duration>`; day of month
 * and day of week match either when both are restricted, both otherwise. Times are wall-clock
 * times of an IANA zone (through Intl), so `0 9 * * *` in `Europe/Berlin` follows its DST.
 */
import { parseGoDuration } from '../../../machinery/go-duration.js';

const FIELDS = [
  { min: 0, max: 59, names: undefined },
  { min: 0, max: 23, names: undefined },
  { min: 1, max: 31, names: undefined },
  { min: 1, max: 12, names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] },
  { min: 0, max: 6, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
] as const;

const DESCRIPTORS: Record<string, string> = {
  '@yearly': '0 0 1 1 *', '@annually': '0 0 1 1 *', '@monthly': '0 0 1 * *', '@weekly': '0 0 * * 0', '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *', '@hourly': '0 * * * *',
};

/** A schedule: the next activation strictly after a time. */
export interface Schedule {
  next(afterMs: number): number | undefined;
}

/** A schedule that cannot be parsed; the message is robfig's. */
export class ScheduleError extends Error {}

interface FieldSet {
  values: Set<number>;
  /** The field was `*` or `?` (robfig's starBit). */
  star: boolean;
}

function parseValue(text: string, field: (typeof FIELDS)[number]): number {
  const lower = text.toLowerCase();
  const byName = field.names?.findIndex((n) => n === lower) ?? -1;
  if (byName >= 0) return byName + field.min;
  if (!/^\d+$/.test(text)) throw new ScheduleError(`failed to parse int from ${text}: strconv.Atoi: parsing ${JSON.stringify(text)}: invalid syntax`);
  return Number(text);
}

function parseField(text: string, field: (typeof FIELDS)[number]): FieldSet {
  const values = new Set<number>();
  let star = false;
  for (const part of text.split(',')) {
    const [rangeText = '', stepText] = part.split('/');
    let start: number;
    let end: number;
    let isStar = false;
    if (rangeText === '*' || rangeText === '?') {
      start = field.min;
      end = field.max;
      isStar = true;
    } else {
      const [a = '', b] = rangeText.split('-');
      start = parseValue(a, field);
      end = b === undefined ? start : parseValue(b, field);
    }
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d+$/.test(stepText)) throw new ScheduleError(`failed to parse int from ${stepText}: strconv.Atoi: parsing ${JSON.stringify(stepText)}: invalid syntax`);
      step = Number(stepText);
      if (!isStar && !rangeText.includes('-')) end = field.max;
    }
    if (part.split('/').length > 2) throw new ScheduleError(`too many slashes: ${part}`);
    if (start < field.min) throw new ScheduleError(`beginning of range (${start}) below minimum (${field.min}): ${part}`);
    if (end > field.max) throw new ScheduleError(`end of range (${end}) above maximum (${field.max}): ${part}`);
    if (start > end) throw new ScheduleError(`beginning of range (${start}) beyond end of range (${end}): ${part}`);
    if (step === 0) throw new ScheduleError(`step of range should be a positive number: ${part}`);
    if (isStar && step === 1) star = true;
    for (let v = start; v <= end; v += step) values.add(v);
  }
  return { values, star };
}

/** Parses a standard schedule for a time zone (undefined: the server's local zone, UTC here). */
export function parseSchedule(spec: string, timeZone = 'UTC'): Schedule {
  const text = spec.trim();
  if (text.startsWith('@every ')) {
    const ms = parseGoDuration(text.slice('@every '.length).trim());
    if (ms === undefined) throw new ScheduleError(`failed to parse duration ${text}`);
    const every = Math.max(1000, Math.floor(ms / 1000) * 1000);
    return { next: (after) => Math.floor(after / 1000) * 1000 + every };
  }
  const expanded = text.startsWith('@') ? DESCRIPTORS[text] : text;
  if (expanded === undefined) throw new ScheduleError(`unrecognized descriptor: ${text}`);
  const parts = expanded.split(/\s+/);
  if (parts.length !== 5) throw new ScheduleError(`expected exactly 5 fields, found ${parts.length}: [${parts.join(' ')}]`);
  const [minute, hour, dom, month, dow] = parts.map((p, i) => parseField(p, FIELDS[i] ?? FIELDS[0])) as [FieldSet, FieldSet, FieldSet, FieldSet, FieldSet];
  const zone = zoneOf(timeZone);
  const dayMatches = (y: number, mo: number, d: number): boolean => {
    const domOk = dom.values.has(d);
    const dowOk = dow.values.has(new Date(Date.UTC(y, mo - 1, d)).getUTCDay());
    return dom.star || dow.star ? domOk && dowOk : domOk || dowOk;
  };
  return {
    next(after) {
      // Walk wall-clock time (kept in a UTC Date) field by field, as robfig's Next does.
      const start = zone.toWall(Math.floor(after / 60_000) * 60_000 + 60_000);
      const w = new Date(start);
      const limit = w.getUTCFullYear() + 5;
      while (w.getUTCFullYear() <= limit) {
        if (!month.values.has(w.getUTCMonth() + 1)) {
          w.setUTCMonth(w.getUTCMonth() + 1, 1);
          w.setUTCHours(0, 0, 0, 0);
          continue;
        }
        if (!dayMatches(w.getUTCFullYear(), w.getUTCMonth() + 1, w.getUTCDate())) {
          w.setUTCDate(w.getUTCDate() + 1);
          w.setUTCHours(0, 0, 0, 0);
          continue;
        }
        if (!hour.values.has(w.getUTCHours())) {
          w.setUTCHours(w.getUTCHours() + 1, 0, 0, 0);
          continue;
        }
        if (!minute.values.has(w.getUTCMinutes())) {
          w.setUTCMinutes(w.getUTCMinutes() + 1, 0, 0);
          continue;
        }
        const instant = zone.fromWall(w.getTime());
        if (instant > after) return instant;
        w.setUTCMinutes(w.getUTCMinutes() + 1, 0, 0);
      }
      return undefined;
    },
  };
}

/** Conversion between instants and a zone's wall-clock times (as UTC-based ms). */
interface Zone {
  toWall(instant: number): number;
  fromWall(wall: number): number;
}

const ZONES = new Map<string, Zone>();

/** True when Intl knows the zone. */
export function validTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function zoneOf(name: string): Zone {
  const cached = ZONES.get(name);
  if (cached !== undefined) return cached;
  if (name === 'UTC' || name === 'Etc/UTC') {
    const utc: Zone = { toWall: (t) => t, fromWall: (t) => t };
    ZONES.set(name, utc);
    return utc;
  }
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: name, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  });
  const offset = (instant: number): number => {
    const p: Record<string, number> = {};
    for (const part of fmt.formatToParts(new Date(instant))) if (part.type !== 'literal') p[part.type] = Number(part.value);
    const wall = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
    return wall - Math.floor(instant / 1000) * 1000;
  };
  const zone: Zone = {
    toWall: (t) => t + offset(t),
    fromWall(wall) {
      // The offset at the wall time read as UTC, corrected once (DST gaps move forward, as Go's time.Date does).
      const first = wall - offset(wall);
      const second = wall - offset(first);
      return Math.min(first, second) === first && offset(first) === offset(second) ? first : second;
    },
  };
  ZONES.set(name, zone);
  return zone;
}
