/** The clock reading all printer fixtures are written against. */
export const REFERENCE_NOW = new Date('2024-01-01T00:00:00Z');

const TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z$/;

/** A copy of a JSON value with every RFC 3339 UTC timestamp moved by `deltaMs` (whole seconds). */
export function shiftTimestamps<T>(value: T, deltaMs: number): T {
  const walk = (v: unknown): unknown => {
    const m = typeof v === 'string' ? TIMESTAMP.exec(v) : null;
    if (m) {
      // Whole seconds move; the fraction keeps its digits (MicroTime needs exactly six).
      const moved = new Date(Date.parse(`${m[1] ?? ''}Z`) + deltaMs).toISOString().slice(0, 19);
      return `${moved}${m[2] ?? ''}Z`;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** How far to move fixtures so that they are as old now as they are at {@link REFERENCE_NOW}. */
export function shiftToNow(): number {
  return Math.floor((Date.now() - REFERENCE_NOW.getTime()) / 1000) * 1000;
}
