/**
 * Deep equality of decoded JSON values (`reflect.DeepEqual` on what `json.Unmarshal` gives): key
 * order does not matter, own keys only, and a member whose value is undefined counts as absent, as
 * it is when the value is serialized.
 */

type Json = Record<string, unknown>;

/** True when `a` and `b` are the same JSON value. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ao = a as Json;
  const bo = b as Json;
  let count = 0;
  for (const key of Object.keys(ao)) {
    const av = ao[key];
    if (av === undefined) continue;
    count++;
    if (!Object.hasOwn(bo, key) || !jsonEqual(av, bo[key])) return false;
  }
  for (const key of Object.keys(bo)) if (bo[key] !== undefined) count--;
  return count === 0;
}
