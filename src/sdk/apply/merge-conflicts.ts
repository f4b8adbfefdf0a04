/**
 * apimachinery's `MergingMapsHaveConflicts`: whether two strategic merge patches change the same
 * field differently. `apply --overwrite=false` refuses a patch that conflicts with what others
 * changed on the live object since the last apply. Maps are compared key by key, merged lists of
 * objects item by item by their merge key, merged lists of scalars never conflict, other lists
 * must be equal (scalars compared as sets), and a `$patch` directive on one side only conflicts.
 */
import type { TypeSchema } from '../../machinery/schema/type-schema.js';
import { goPrint, isJsonMap, itemSchema, lookupPatchMeta, type JsonMap } from './patch-meta.js';
import { jsonEqual } from '../../machinery/json/equal.js';

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';

function sortedUniqueScalars(list: readonly unknown[]): unknown[] {
  const seen = new Map<string, unknown>();
  for (const v of list) seen.set(`${typeof v}:${goPrint(v)}`, v);
  return [...seen.values()].sort((a, b) => (goPrint(a) < goPrint(b) ? -1 : goPrint(a) > goPrint(b) ? 1 : 0));
}

function byMergeKey(list: readonly unknown[], mergeKey: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const item of list) if (isJsonMap(item)) out.set(goPrint(item[mergeKey]), item);
  return out;
}

function slicesConflict(left: readonly unknown[], right: readonly unknown[], schema: TypeSchema | undefined, strategy: string, mergeKey: string): boolean {
  const mapsOnly = [...left, ...right].every(isJsonMap);
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

function mapsConflict(left: JsonMap, right: JsonMap, schema: TypeSchema | undefined): boolean {
  for (const [key, leftValue] of Object.entries(left)) {
    if (key === DIRECTIVE || key === RETAIN_KEYS || !Object.hasOwn(right, key)) continue;
    const meta = lookupPatchMeta(schema, key);
    const sub = Array.isArray(leftValue) ? itemSchema(meta.schema) : meta.schema;
    if (fieldsConflict(leftValue, right[key], sub, meta.strategy, meta.mergeKey)) return true;
  }
  return false;
}

function fieldsConflict(left: unknown, right: unknown, schema: TypeSchema | undefined, strategy: string, mergeKey: string): boolean {
  if (isJsonMap(left)) {
    if (!isJsonMap(right)) return true;
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
export function mergingMapsHaveConflicts(left: JsonMap, right: JsonMap, schema: TypeSchema | undefined): boolean {
  return mapsConflict(left, right, schema);
}
