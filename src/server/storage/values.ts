/**
 * Helpers for the values the store keeps: validation, resource-version stamping, deep freezing.
 * The store takes ownership of every value written to it and freezes it, so entries and events
 * can be shared by every reader and watcher without copies.
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { isJsonObject } from '../../machinery/json/values.js';

/** Throws TypeError unless `value` is a plain JSON object whose `metadata` (if any) is an object. */
export function assertStorableValue(value: unknown): asserts value is JsonObject {
  if (!isJsonObject(value)) throw new TypeError('a stored value must be a JSON object');
  const metadata = value['metadata'];
  if (metadata !== undefined && !isJsonObject(metadata)) {
    throw new TypeError('metadata of a stored value must be a JSON object');
  }
}

/** Throws TypeError for bucket names or keys the store cannot hold. */
export function assertBucketAndKey(bucket: string, key: string): void {
  if (typeof bucket !== 'string' || bucket === '' || bucket.includes('\u0000')) {
    throw new TypeError('a bucket name must be a non-empty string without NUL characters');
  }
  if (typeof key !== 'string' || key === '') throw new TypeError('a key must be a non-empty string');
}

/**
 * Returns a copy of `value` (top level and metadata only; deeper parts are shared) whose
 * `metadata.resourceVersion` is `String(rv)`.
 */
export function stampResourceVersion(value: JsonObject, rv: number): JsonObject {
  const metadata = value['metadata'];
  const meta: JsonObject = isJsonObject(metadata) ? { ...metadata } : {};
  meta['resourceVersion'] = String(rv);
  return { ...value, metadata: meta };
}

/**
 * Freezes `value` and everything reachable from it. Already-frozen objects are taken as deeply
 * frozen (the store only ever freezes whole trees), which makes re-freezing a value that shares
 * most of its parts with a stored one cheap. Iterative, so no nesting depth can overflow the stack,
 * and it follows own keys only (an inherited enumerable property is nobody's data).
 */
export function deepFreeze<T extends JsonValue | undefined>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  const pending: object[] = [Object.freeze(value)];
  const visit = (child: unknown): void => {
    if (typeof child === 'object' && child !== null && !Object.isFrozen(child)) pending.push(Object.freeze(child));
  };
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (Array.isArray(next)) {
      for (const child of next) visit(child);
    } else {
      const record = next as Record<string, unknown>;
      for (const key in record) if (Object.hasOwn(record, key)) visit(record[key]);
    }
  }
  return value;
}

/** The `metadata.uid` of a stored value, if it is a string. */
export function uidOf(value: JsonObject): string | undefined {
  const metadata = value['metadata'];
  if (!isJsonObject(metadata)) return undefined;
  const uid = metadata['uid'];
  return typeof uid === 'string' ? uid : undefined;
}

/** Whether a stored value carries `metadata.deletionTimestamp` (it is on its way out). */
export function isBeingDeleted(value: JsonObject): boolean {
  const metadata = value['metadata'];
  return isJsonObject(metadata) && Object.hasOwn(metadata, 'deletionTimestamp');
}
