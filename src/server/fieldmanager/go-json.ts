/**
 * JSON text and value ordering exactly as the apiserver's Go code produces them, for the parts of
 * managedFields that embed values (`k:{"name":"x"}`, `v:"a"`) and for the last-applied annotation.
 * The JSON text and the string order are machinery's (src/machinery/json/go-json.ts), which the
 * client writes its last-applied annotations with too.
 */
import type { JsonValue } from '../../sdk/types/meta.js';
import { isJsonNumber } from '../../machinery/json-numbers.js';
import { compareUtf8, toJson } from '../../machinery/json/go-json.js';

/** Go `json.Marshal` of a decoded value: compact, object keys sorted, HTML characters escaped. */
export function goJson(value: JsonValue | undefined): string {
  return toJson(value, { sortAllKeys: true });
}

/** Byte-wise (UTF-8) string order, as Go's `strings.Compare`. */
export const compareStrings = compareUtf8;

function rank(value: JsonValue): number {
  if (typeof value === 'number' || typeof value === 'bigint') return 0;
  if (typeof value === 'string') return 1;
  if (typeof value === 'boolean') return 2;
  if (Array.isArray(value)) return 3;
  if (value !== null && typeof value === 'object') return 4;
  return 5;
}

/** structured-merge-diff's total order of values: numbers, strings, booleans, lists, maps, null. */
export function compareValues(a: JsonValue, b: JsonValue): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  // Numbers and bigints (int64 beyond 2^53) compare exactly with each other.
  if (isJsonNumber(a) && isJsonNumber(b)) return a === b ? 0 : a < b ? -1 : 1;
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const c = compareValues(a[i] as JsonValue, b[i] as JsonValue);
      if (c !== 0) return c;
    }
    return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined).sort(compareStrings);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined).sort(compareStrings);
    const n = Math.min(ka.length, kb.length);
    for (let i = 0; i < n; i++) {
      const c = compareStrings(ka[i] as string, kb[i] as string);
      if (c !== 0) return c;
      const v = compareValues(a[ka[i] as string] as JsonValue, b[kb[i] as string] as JsonValue);
      if (v !== 0) return v;
    }
    return ka.length === kb.length ? 0 : ka.length < kb.length ? -1 : 1;
  }
  return 0;
}

/** Go's `%v`/`%q` rendering of a key value inside a field path (`[name="nginx"]`, `[port=80]`). */
export function goValueString(value: JsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return `[${value.map((item) => goValueString(item)).join(',')}]`;
  const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort(compareStrings);
  return `{${keys.map((k) => `${k}=${goValueString(value[k] as JsonValue)}`).join(';')}}`;
}
