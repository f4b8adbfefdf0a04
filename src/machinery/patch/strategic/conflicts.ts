/**
 * apimachinery's `MergingMapsHaveConflicts`: whether two strategic merge patches change the same
 * field differently. `apply --overwrite=false` refuses a patch that conflicts with what others
 * changed on the live object since the last apply. Maps are compared key by key, merged lists of
 * objects item by item by their merge key, merged lists of scalars never conflict, other lists
 * must be equal (scalars compared as sets), and a `$patch` directive on one side only conflicts.
 */
import type { JsonObject } from '../../json-numbers.js';
import { jsonEqual } from '../../json/equal.js';
import { goFormat, isJsonObject } from '../../json/values.js';
import { DIRECTIVE, RETAIN_KEYS } from './directives.js';
import type { PatchSchema } from './schema.js';

function sortedUniqueScalars(list: readonly unknown[]): unknown[] {
  const seen = new Map<string, unknown>();
  for (const v of list) seen.set(`${typeof v}:${goFormat(v)}`, v);
  return [...seen.values()].sort((a, b) => (goFormat(a) < goFormat(b) ? -1 : goFormat(a) > goFormat(b) ? 1 : 0));
}

function byMergeKey(list: readonly unknown[], mergeKey: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const item of list) if (isJsonObject(item)) out.set(goFormat(item[mergeKey]), item);
  return out;
}

function slicesConflict(left: readonly unknown[], right: readonly unknown[], schema: PatchSchema, strategy: string, mergeKey: string): boolean {
  const mapsOnly = [...left, ...right].every(isJsonObject);
  if (strategy === 'merge') {
    if (!mapsOnly || left.length + right.length === 0) return false;
    const l = byMergeKey(left, mergeKey);
    const r = byMergeKey(right, mergeKey);
    for (const [key, value] of l) if (r.has(key) && fieldsConflict(value, r.get(key), schema, '', '')) return true;
    return false;
  }
  if (left.length !== right.length) return true;
  const [a, b] = mapsOnly ? [left, right] : [sortedUniqueScalars(left), sortedUniqueScalars(right)];
  return a.some((item, i) => fieldsConflict(item, b[i], schema, '', ''));
}

function mapsConflict(left: JsonObject, right: JsonObject, schema: PatchSchema): boolean {
  for (const [key, leftValue] of Object.entries(left)) {
    if (key === DIRECTIVE || key === RETAIN_KEYS || !Object.hasOwn(right, key)) continue;
    const meta = schema.field(key);
    if (fieldsConflict(leftValue, right[key], meta.schema, meta.strategy, meta.mergeKey)) return true;
  }
  return false;
}

function fieldsConflict(left: unknown, right: unknown, schema: PatchSchema, strategy: string, mergeKey: string): boolean {
  if (isJsonObject(left)) {
    if (!isJsonObject(right)) return true;
    const l = left[DIRECTIVE];
    const r = right[DIRECTIVE];
    if ((l !== undefined || r !== undefined) && (l === undefined || r === undefined || l !== r)) return true;
    if (strategy === 'replace') return false;
    return mapsConflict(left, right, schema);
  }
  if (Array.isArray(left)) return !Array.isArray(right) || slicesConflict(left, right, schema, strategy, mergeKey);
  return !jsonEqual(left, right);
}

/** Whether patches `left` and `right` of a value typed by `schema` change a field differently. */
export function mergingMapsHaveConflicts(left: JsonObject, right: JsonObject, schema: PatchSchema): boolean {
  return mapsConflict(left, right, schema);
}
