/**
 * Typed access to stored objects of the built-in kinds. The types are the SDK's, generated from the
 * schema tables (`BuiltinKinds`), and they are true of every stored object: a built-in object is
 * decoded into its schema type before it is stored (values of the wrong type are refused, unknown
 * fields dropped, see `field-validation/go-decode.ts`). A {@link KindDef} is a def that carries its
 * objects' type, so that the informers and the internal client hand out typed objects and
 * controllers read `rs.spec?.replicas` instead of walking untyped JSON.
 *
 * Numbers: like every JSON value here, an int64 beyond 2^53 is a bigint at run time although the
 * type says number; code that does arithmetic on such a field reads it through `asNumber`.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { BuiltinKinds } from '../../sdk/types/generated/kinds.js';
import type { ResourceDef } from './types.js';

declare const objectType: unique symbol;

/**
 * A def whose stored objects are of type `T`. Only `Registry.kind` makes one (the mark is a type,
 * never a value), so a plain ResourceDef cannot pass for a typed def; code that takes either takes
 * `KindDef<T> | ResourceDef` and gets plain JSON objects from a plain def.
 *
 * One hole the compiler leaves: a plain `JsonObject` is accepted where a generated type is
 * expected (TypeScript does not check an index signature against optional properties), so typed
 * objects must come from typed defs, never from a cast or an untyped helper.
 */
export type KindDef<T extends JsonObject> = ResourceDef & { readonly [objectType]: T };

/** A def, typed or not: the objects are `T` for a typed def and plain JSON objects otherwise. */
export type AnyDef<T extends JsonObject> = KindDef<T> | ResourceDef;

/** An apiVersion of the built-in kinds (`apps/v1`, `v1`). */
export type BuiltinApiVersion = keyof BuiltinKinds;

/** A built-in kind of an apiVersion. */
export type BuiltinKind<V extends BuiltinApiVersion> = keyof BuiltinKinds[V] & string;

/** The type of a built-in kind's objects. */
export type BuiltinObject<V extends BuiltinApiVersion, K extends BuiltinKind<V>> = BuiltinKinds[V][K] extends JsonObject ? BuiltinKinds[V][K] : never;

/** A stored object of a def, as the def's type: the one place that takes the decoder's word for it. */
export function storedAs<T extends JsonObject = JsonObject>(_def: AnyDef<T>, obj: JsonObject): T {
  return obj as T;
}

/** A served def of a built-in kind, marked with its objects' type (`Registry.kind`). */
export function markedKind<T extends JsonObject>(def: ResourceDef): KindDef<T> {
  return def as KindDef<T>;
}
