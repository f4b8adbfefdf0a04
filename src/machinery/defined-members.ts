/**
 * Options objects under `exactOptionalPropertyTypes`, where an optional member may be absent but
 * not undefined: copying the members that have a value from one options object into another.
 */

/** The members `keys` of `source` that are not undefined. */
export function definedMembers<T extends object, K extends keyof T>(source: T, keys: readonly K[]): { [P in K]?: Exclude<T[P], undefined> } {
  const out: { [P in K]?: Exclude<T[P], undefined> } = {};
  for (const key of keys) {
    const value = source[key];
    if (value !== undefined) out[key] = value as Exclude<T[K], undefined>;
  }
  return out;
}
