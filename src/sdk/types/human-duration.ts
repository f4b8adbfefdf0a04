/**
 * Human-readable durations, as the API machinery prints them in AGE columns and `describe` output
 * (`5s`, `3m20s`, `3h12m`, `2d`, `<invalid>`). Both the CLI's printers and the local server's Table
 * rows use these, so that an age reads the same wherever it was computed.
 *
 * @packageDocumentation
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Integer division truncating toward zero, as Go's integer conversion of a duration does. */
function whole(ms: number, unit: number): number {
  return Math.trunc(ms / unit);
}

/**
 * A succinct duration with about two significant figures: `45s`, `119s`, `3m20s`, `15m`, `3h12m`,
 * `20h`, `3d4h`, `45d`, `2y30d`, `9y`. Durations more than a second in the past (below -1s) print as
 * `<invalid>`; small negative ones (clock skew) as `0s`.
 *
 * @param ms - the duration in milliseconds (typically `now - creationTimestamp`)
 * @returns the text kubectl prints for that duration in an AGE column
 */
export function humanDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '<invalid>';
  const seconds = whole(ms, SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = whole(ms, MINUTE);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = whole(ms, HOUR);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    const days = Math.trunc(hours / 24);
    return h === 0 ? `${days}d` : `${days}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const years = Math.trunc(hours / 24 / 365);
    const dy = Math.trunc(hours / 24) % 365;
    return dy === 0 ? `${years}y` : `${years}y${dy}d`;
  }
  return `${Math.trunc(hours / 24 / 365)}y`;
}

/**
 * The age of an RFC 3339 timestamp at `now`, as AGE and LAST SEEN columns print it.
 *
 * @returns {@link humanDuration} of the difference, or `<unknown>` for an absent or unreadable timestamp
 */
export function timestampAge(timestamp: unknown, now: number): string {
  if (typeof timestamp !== 'string' || timestamp === '') return '<unknown>';
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? '<unknown>' : humanDuration(now - ms);
}
