import { formatGoNumber } from '../go-number.js';
import { sortedKeys } from './go-json.js';

function sprint(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatGoNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map((v) => sprint(v)).join(' ')}]`;
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return `map[${sortedKeys(obj).map((k) => `${k}:${sprint(obj[k])}`).join(' ')}]`;
  }
  return String(value);
}

/**
 * A decoded JSON value as Go's `fmt.Sprint` prints it: strings as they are, integers as digits,
 * floats in `%v` form (`1.5`, `1e+06`), `true`/`false`, slices as `[a b]`, maps as `map[k:v]`
 * with sorted keys, and `<nil>` for null.
 */
export function goSprint(value: unknown): string {
  return sprint(value);
}
