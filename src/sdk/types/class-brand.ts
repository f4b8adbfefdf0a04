/**
 * `instanceof` that also recognises copies of a class. The built CLI loads some parts from side
 * bundles (`scripts/bundle.mjs`), each with its own copy of the modules it shares with the main
 * bundle; an error thrown by a copy of `InputError` is not an instance of the main bundle's
 * `InputError`, and the CLI would report it as a plain error. A class that declares an own static
 * `brand` (a name unique among the classes that do) is matched by brand as well: a value is an
 * instance when a class on its prototype chain declares the same brand. It lives in `sdk/types`
 * so that the printers, which import nothing else of the SDK, can use it too.
 */

/** A class, possibly with a brand of its own. */
type BrandedClass = abstract new (...args: never[]) => unknown;

/** The brand a class declares itself (not one it inherits). */
function ownBrand(cls: object): string | undefined {
  const brand = Object.hasOwn(cls, 'brand') ? (cls as { brand?: unknown }).brand : undefined;
  return typeof brand === 'string' ? brand : undefined;
}

/**
 * Whether `value` is an instance of `cls` by the prototype chain, or of a copy of `cls` (a class
 * on `value`'s prototype chain declaring the brand `cls` declares).
 */
export function isInstanceOrBranded(cls: BrandedClass, value: unknown): boolean {
  if (Function.prototype[Symbol.hasInstance].call(cls, value)) return true;
  const brand = ownBrand(cls);
  if (brand === undefined || typeof value !== 'object' || value === null) return false;
  for (let proto: unknown = Object.getPrototypeOf(value); proto !== null && typeof proto === 'object'; proto = Object.getPrototypeOf(proto)) {
    const ctor: unknown = Object.hasOwn(proto, 'constructor') ? (proto as { constructor: unknown }).constructor : undefined;
    if (typeof ctor === 'function' && ownBrand(ctor) === brand) return true;
  }
  return false;
}
