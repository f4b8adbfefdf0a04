/** The directives of strategic merge patch and the helpers that apply or strip them. */
import type { JsonObject, JsonValue } from '../../../sdk/types/meta.js';
import { PatchError } from '../errors.js';
import { goFormat, isJsonObject, setKey } from '../json-values.js';
import { isBigInt } from '../../../machinery/json-numbers.js';

export const DIRECTIVE = '$patch';
export const RETAIN_KEYS = '$retainKeys';
export const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList';
export const SET_ELEMENT_ORDER = '$setElementOrder';

export const ERR_BAD_PATCH_FORMAT_FOR_PRIMITIVE_LIST = 'invalid patch format of primitive list';
export const ERR_BAD_PATCH_FORMAT_FOR_RETAIN_KEYS = 'invalid patch format of retainKeys';
export const ERR_BAD_PATCH_FORMAT_FOR_SET_ELEMENT_ORDER = 'invalid patch format of setElementOrder list';
export const ERR_NO_LIST_OF_LISTS = 'lists of lists are not supported';

/** The Go kind of a decoded JSON value, as `reflect.TypeOf` tells them apart. */
export function goKind(value: JsonValue | undefined): string {
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
 * this server answers 400 BadRequest with the same text, as it does those.
 */
export function badPatchType(directive: JsonValue | undefined, patch: JsonObject): PatchError {
  return PatchError.badRequest(`unknown patch type: ${goFormat(directive)} in map: ${goFormat(patch)}`);
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
      if (cleaned.keep) setKey(value, key, cleaned.value);
      else delete value[key];
    }
  }
  return { value, keep: true };
}

export function extractKey(key: string, prefix: string): string {
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== prefix) {
    throw PatchError.badRequest(prefix === DELETE_FROM_PRIMITIVE_LIST ? ERR_BAD_PATCH_FORMAT_FOR_PRIMITIVE_LIST : ERR_BAD_PATCH_FORMAT_FOR_SET_ELEMENT_ORDER);
  }
  return key.slice(slash + 1);
}

export function handleDirectiveInMergeMap(directive: JsonValue | undefined, patch: JsonObject): JsonObject {
  if (directive === 'replace') {
    delete patch[DIRECTIVE];
    return patch;
  }
  if (directive === 'delete') return {};
  throw badPatchType(directive, patch);
}

/** `$retainKeys`: keys of the original missing from the list are cleared; the patch may only set listed keys. */
export function applyRetainKeys(original: JsonObject, patch: JsonObject): void {
  if (!Object.hasOwn(patch, RETAIN_KEYS)) return;
  const list = patch[RETAIN_KEYS];
  delete patch[RETAIN_KEYS];
  if (!Array.isArray(list)) throw PatchError.badRequest(ERR_BAD_PATCH_FORMAT_FOR_RETAIN_KEYS);
  const retained = new Set<unknown>(list);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || key.startsWith(DELETE_FROM_PRIMITIVE_LIST) || key.startsWith(SET_ELEMENT_ORDER)) continue;
    if (!retained.has(key)) throw PatchError.badRequest(ERR_BAD_PATCH_FORMAT_FOR_RETAIN_KEYS);
  }
  for (const key of Object.keys(original)) if (!retained.has(key)) delete original[key];
}
