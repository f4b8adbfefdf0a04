/**
 * Typed access to stored objects of the built-in kinds. The types are the SDK's, generated from the
 * schema tables (`BuiltinKinds`). They hold for stored objects because of how objects get stored:
 * a write through the API is decoded into its schema type first (values of the wrong type are
 * refused, unknown fields dropped, see `machinery/schema/go-decode.ts`), and so is what a mutating
 * webhook or an autoscaling/v1 annotation makes of it; the server's own
 * writes (controllers, the node agent) are built by its code in the schema's shape, more and more
 * of it typed. A {@link KindDef} is a def that carries its objects' type, so that the informers
 * and the internal client hand out typed objects and controllers read `rs.spec?.replicas` instead
 * of walking untyped JSON.
 *
 * What the types do not say:
 * - An int64 beyond 2^53 is a bigint at run time although the type says number (as for every
 *   JSON value here); code that does arithmetic on an int64 field reads it through `asNumber`.
 * - A time Go encodes without `omitempty` is `null` when unset (`lastProbeTime: null` in pod
 *   conditions, as a real server stores it), while the type says string or absent: read times
 *   as `Date.parse(t ?? '')`, never test them with `=== undefined` alone.
 * - A `null` list inside a map is kept as Go's decoder keeps it (a CSR's `spec.extra` of
 *   `{"k": null}`), while the type says a list: guard such values before using them as arrays.
 * - The server's own writes are not decoded: a controller may store a nil list as `null`
 *   (`endpoints: null` of an EndpointSlice with no pods) or leave a field the type requires
 *   unset (an HPA's `desiredReplicas` before the target's scale was read). Those writes are made
 *   through the plain def, and readers of such fields keep their defaults.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { BuiltinKinds } from '../../sdk/types/generated/kinds.js';
import type { ResourceDef } from './types.js';

declare const objectType: unique symbol;

/**
 * A def whose stored objects are of type `T`. Only the registry makes one (`kind`, `servedKind`;
 * the mark is a type, never a value), so a plain ResourceDef cannot pass for a typed def; code
 * that takes either takes `KindDef<T> | ResourceDef` and gets plain JSON objects from a plain def.
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

/** A stored object of a def, as the def's type: the one place that takes the decoder's word for a stored object. */
export function storedAs<T extends JsonObject = JsonObject>(_def: AnyDef<T>, obj: JsonObject): T {
  return obj as T;
}

/**
 * A body decoded as the built-in kind `kind` of `apiVersion`, as the kind's type: the decoder's word,
 * as in storedAs, where no served def can be named: the kinds answered rather than stored (reviews,
 * bindings, evictions, Scale), and stored objects whose versions `--runtime-config` may turn off
 * (the webhook configurations).
 */
export function decodedAs<V extends BuiltinApiVersion, K extends BuiltinKind<V>>(_apiVersion: V, _kind: K, obj: JsonObject): BuiltinObject<V, K> {
  return obj as BuiltinObject<V, K>;
}

/** A served def of a built-in kind, marked with its objects' type (`Registry.kind`). */
export function markedKind<T extends JsonObject>(def: ResourceDef): KindDef<T> {
  return def as KindDef<T>;
}
