/**
 * Go's `time.Duration` text: `Duration.String()` (`500ms`, `1.5s`, `1m0s`, `1h0m0s`, `250µs`) and
 * `time.ParseDuration` (`1h2m3.5s`, `300ms`, `-1.5h`, `0`). Values are exact in nanoseconds (a
 * bigint); the millisecond forms are for callers that keep time in milliseconds (timers, Date).
 * The API server parses the `timeout` query parameter with these rules, kubectl prints durations
 * in messages with them, and flags, kubeconfig `request-timeout`, CronJob `@every` and
 * metav1.Duration fields are read with them.
 */

const NANOS: Readonly<Record<string, bigint>> = {
  ns: 1n, us: 1_000n, 'µs': 1_000n, 'μs': 1_000n, ms: 1_000_000n, s: 1_000_000_000n, m: 60_000_000_000n, h: 3_600_000_000_000n,
};
const INT64_MAX = 2n ** 63n - 1n;

/** The digits of `u mod 10^prec` after a point, trailing zeros dropped (Go's fmtFrac); empty when they are all zero. */
function fraction(u: bigint, prec: number): string {
  const digits = (u % 10n ** BigInt(prec)).toString().padStart(prec, '0').replace(/0+$/, '');
  return digits === '' ? '' : `.${digits}`;
}

/** `Duration.String()` of a number of nanoseconds. */
export function formatGoDurationNanos(nanos: bigint): string {
  if (nanos === 0n) return '0s';
  const sign = nanos < 0n ? '-' : '';
  const u = nanos < 0n ? -nanos : nanos;
  if (u < 1_000_000_000n) {
    // Below a second Go picks the largest unit under it: 1.2ms, 250µs, 7ns.
    if (u < 1_000n) return `${sign}${u}ns`;
    if (u < 1_000_000n) return `${sign}${u / 1_000n}${fraction(u, 3)}µs`;
    return `${sign}${u / 1_000_000n}${fraction(u, 6)}ms`;
  }
  const seconds = u / 1_000_000_000n;
  const frac = fraction(u, 9);
  const minutes = seconds / 60n;
  const hours = minutes / 60n;
  if (hours > 0n) return `${sign}${hours}h${minutes % 60n}m${seconds % 60n}${frac}s`;
  if (minutes > 0n) return `${sign}${minutes}m${seconds % 60n}${frac}s`;
  return `${sign}${seconds}${frac}s`;
}

/** `Duration.String()` of a number of milliseconds (rounded to the nanosecond). */
export function formatGoDuration(ms: number): string {
  return formatGoDurationNanos(BigInt(Math.round(ms * 1e6)));
}

/** `time.ParseDuration`: the duration in nanoseconds, or undefined when Go would refuse the text. */
export function parseGoDurationNanos(text: string): bigint | undefined {
  let s = text;
  let negative = false;
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = s.startsWith('-');
    s = s.slice(1);
  }
  // A bare zero is the one number that needs no unit.
  if (s === '0') return 0n;
  if (s === '') return undefined;
  const term = /(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)/y;
  let total = 0n;
  let pos = 0;
  while (pos < s.length) {
    term.lastIndex = pos;
    const m = term.exec(s);
    const whole = m?.[1] ?? '';
    const frac = m?.[2] ?? '';
    if (m === null || (whole === '' && frac === '')) return undefined;
    const unit = NANOS[m[3] ?? ''] ?? 0n;
    // Go keeps the fraction exact to the nanosecond, truncating what lies below.
    const scale = 10n ** BigInt(frac.length);
    total += BigInt(whole || '0') * unit + (BigInt(frac || '0') * unit) / scale;
    if (total > INT64_MAX + (negative ? 1n : 0n)) return undefined;
    pos = term.lastIndex;
  }
  return negative ? -total : total;
}

/** `time.ParseDuration` in milliseconds, or undefined when Go would refuse the text. */
export function parseGoDuration(text: string): number | undefined {
  const nanos = parseGoDurationNanos(text);
  return nanos === undefined ? undefined : Number(nanos) / 1e6;
}
