/**
 * IntOrString values (`maxSurge: 25%`, `maxUnavailable: 1`) scaled against a total, rounding as
 * apimachinery's `GetScaledValueFromIntOrPercent` does.
 */

/** An int, or a percentage string like `25%`. */
export type IntOrPercent = number | string;

/** The value for a total; `roundUp` picks ceil for percentages. Undefined for malformed strings. */
export function scaledValue(v: IntOrPercent | undefined, total: number, roundUp: boolean): number | undefined {
  if (v === undefined) return 0;
  if (typeof v === 'number') return Math.trunc(v);
  const m = /^(\d+)%$/.exec(v);
  if (m === null) {
    // A plain number written as a string is an int in Go's IntOrString only through its JSON form.
    return /^\d+$/.test(v) ? Number(v) : undefined;
  }
  const pct = Number(m[1]);
  const exact = (pct * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}
