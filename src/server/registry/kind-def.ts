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

/** A def whose stored objects are of type `T`. Every ResourceDef is a `KindDef<JsonObject>`. */
export type KindDef<T extends JsonObject> = ResourceDef & { readonly [objectType]?: T };

/** The type of the objects of a def. */
export type ObjectOf<D> = D extends KindDef<infer T> ? T : JsonObject;

/** An apiVersion of the built-in kinds (`apps/v1`, `v1`). */
export type BuiltinApiVersion = keyof BuiltinKinds;

/** A built-in kind of an apiVersion. */
export type BuiltinKind<V extends BuiltinApiVersion> = keyof BuiltinKinds[V] & string;

/** The type of a built-in kind's objects. */
export type BuiltinObject<V extends BuiltinApiVersion, K extends BuiltinKind<V>> = BuiltinKinds[V][K] extends JsonObject ? BuiltinKinds[V][K] : never;

/** A stored object of a def, as the def's type: the one place that takes the decoder's word for it. */
export function storedAs<T extends JsonObject>(_def: KindDef<T>, obj: JsonObject): T {
  return obj as T;
}
