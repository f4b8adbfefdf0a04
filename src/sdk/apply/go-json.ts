/**
 * Compact JSON exactly as Go's encoding/json writes an unstructured object: map keys sorted,
 * `<`, `>`, `&`, U+2028 and U+2029 escaped. kubectl stores the last-applied configuration in this
 * form, so objects annotated by kubectl and by us compare equal byte for byte.
 */

const GO_ESCAPES: Readonly<Record<string, string>> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

function goString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => GO_ESCAPES[c] ?? c);
}

/** Go's `json.Marshal` of a JSON value (objects with sorted keys, no insignificant whitespace). */
export function goJsonCompact(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return goString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map((v) => goJsonCompact(v)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${goString(k)}:${goJsonCompact(v)}`).join(',')}}`;
  }
  return 'null';
}
