/**
 * Keys from documents are data, never object machinery: `__proto__`, `constructor` and `prototype`
 * in a manifest, a patch, a request body, a live object or a config file must be read and written
 * as the ordinary keys they are. Assigning `o['__proto__'] = v` would replace `o`'s prototype
 * (dropping the key and letting `v`'s properties show through), and reading `o['constructor']`
 * finds `Object` where the document has no such key. These helpers are the safe forms; object
 * spread (`{ ...o }`), `Object.entries` and `JSON.parse` already treat the keys as data.
 */

/** Sets `key` as an own, enumerable data property of `target`, whatever the key (`__proto__` included). */
export function setOwn<T>(target: Record<string, T>, key: string, value: NoInfer<T>): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** The value of `key` when it is an own property of `source`, else undefined (never an inherited one). */
export function getOwn<T>(source: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(source, key) ? source[key] : undefined;
}
