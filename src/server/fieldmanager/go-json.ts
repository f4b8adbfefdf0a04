/**
 * JSON text and value ordering exactly as the apiserver's Go code produces them, for the parts of
 * managedFields that embed values (`k:{"name":"x"}`, `v:"a"`) and for the last-applied annotation.
 */
import type { JsonValue } from '../../sdk/types/meta.js';
import { isBigInt, isJsonNumber } from '../../machinery/json-numbers.js';

const HTML_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

const PLAIN = /^[\w .:/@+=,;~#$%*()[\]{}|^`'!?-]*$/;

function escapeString(text: string): string {
  if (PLAIN.test(text)) return `"${text}"`;
  return JSON.stringify(text).replace(/[<>&\u2028\u2029]/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Go `json.Marshal` of a decoded value: compact, object keys sorted, HTML characters escaped. */
export function goJson(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'string') return escapeString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  // An int64 beyond 2^53 (json-numbers.ts): its digits, as Go prints an int64.
  if (isBigInt(value)) return String(value);
  if (Array.isArray(value)) return `[${value.map((item) => goJson(item)).join(',')}]`;
  const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort(compareStrings);
  return `{${keys.map((key) => `${escapeString(key)}:${goJson(value[key])}`).join(',')}}`;
}

/** Byte-wise (UTF-8) string order, as Go's `strings.Compare`. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca !== cb) {
      // Surrogates (U+D800..DFFF) encode code points above U+FFFF, which sort after U+E000..FFFF in UTF-8.
      const sa = ca >= 0xd800 && ca <= 0xdfff ? ca + 0x2000 : ca >= 0xe000 ? ca - 0x800 : ca;
      const sb = cb >= 0xd800 && cb <= 0xdfff ? cb + 0x2000 : cb >= 0xe000 ? cb - 0x800 : cb;
      return sa < sb ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : 1;
}

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
