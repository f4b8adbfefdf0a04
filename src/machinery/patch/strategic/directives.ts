/** The directives of strategic merge patch and the helpers that apply or strip them. */
import { isBigInt, type JsonObject, type JsonValue } from '../../json-numbers.js';
import { setOwn } from '../../json/own-keys.js';
import { goFormat, isJsonObject } from '../../json/values.js';
import { PatchFailure } from '../errors.js';

export const DIRECTIVE = '$patch';
export const RETAIN_KEYS = '$retainKeys';
export const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList';
export const SET_ELEMENT_ORDER = '$setElementOrder';

export const ERR_BAD_PATCH_FORMAT_FOR_PRIMITIVE_LIST = 'invalid patch format of primitive list';
export const ERR_BAD_PATCH_FORMAT_FOR_RETAIN_KEYS = 'invalid patch format of retainKeys';
export const ERR_BAD_PATCH_FORMAT_FOR_SET_ELEMENT_ORDER = 'invalid patch format of setElementOrder list';
export const ERR_NO_LIST_OF_LISTS = 'lists of lists are not supported';

/** A patch that is not well formed (the API server's 400). */
export function malformed(message: string): PatchFailure {
  return new PatchFailure('malformed', message);
}

/** An error apimachinery passes through unclassed (the API server's reason-less 500). */
export function internal(message: string): PatchFailure {
  return new PatchFailure('internal', message);
}

/** The Go kind of a decoded JSON value, as `reflect.TypeOf` tells them apart. */
export function goKind(value: unknown): string {
  if (value === undefined || value === null) return 'nil';
  if (Array.isArray(value)) return 'slice';
  if (typeof value === 'object') return 'map';
  // An int64 beyond 2^53 is a bigint here, a number in Go like every other.
  if (isBigInt(value)) return 'number';
  return typeof value;
}

/**
 * An unknown `$patch` value. kube-apiserver passes this error through as a reason-less 500 (it is
 * not among the malformed-patch errors it maps to 400); it is the client's patch that is wrong, so
 * it counts as malformed here, with the same text.
 */
export function badPatchType(directive: unknown, patch: JsonObject): PatchFailure {
  return malformed(`unknown patch type: ${goFormat(directive)} in map: ${goFormat(patch)}`);
}

/** Drops every `null` member, recursively (values the patch adds where nothing was). */
export function discardNullValues(value: JsonValue): void {
  if (Array.isArray(value)) {
    for (const item of value) discardNullValues(item);
  } else if (isJsonObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (item === null) delete value[key];
      else if (item !== undefined) discardNullValues(item);
    }
  }
}

/** Removes directive-carrying objects (and list items) from a value the patch adds as is. */
export function removeDirectives(value: JsonValue): { value: JsonValue; keep: boolean } {
  if (Array.isArray(value)) {
    const out: JsonValue[] = [];
    for (const item of value) {
      const cleaned = removeDirectives(item);
      if (cleaned.keep) out.push(cleaned.value);
    }
    return { value: out, keep: true };
  }
  if (isJsonObject(value)) {
    if (Object.hasOwn(value, DIRECTIVE)) return { value: null, keep: false };
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      const cleaned = removeDirectives(item);
      if (cleaned.keep) setOwn(value, key, cleaned.value);
      else delete value[key];
    }
  }
  return { value, keep: true };
}

/** The field name of a `$deleteFromPrimitiveList/<field>` or `$setElementOrder/<field>` key. */
export function extractKey(key: string, prefix: string): string {
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== prefix) {
    throw malformed(prefix === DELETE_FROM_PRIMITIVE_LIST ? ERR_BAD_PATCH_FORMAT_FOR_PRIMITIVE_LIST : ERR_BAD_PATCH_FORMAT_FOR_SET_ELEMENT_ORDER);
  }
  return key.slice(slash + 1);
}

/** `$patch` on a map: `replace` keeps only the patch's members, `delete` empties it. */
export function handleDirectiveInMergeMap(directive: unknown, patch: JsonObject): JsonObject {
  if (directive === 'replace') {
    delete patch[DIRECTIVE];
    return patch;
  }
  if (directive === 'delete') return {};
  throw badPatchType(directive, patch);
}
