/** JSON merge patch (RFC 7386, `application/merge-patch+json`). */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { cloneJson, isJsonObject, setKey } from './json-values.js';

/**
 * Applies an RFC 7386 merge patch: objects merge key by key, `null` deletes a key, anything else
 * (arrays included) replaces. Returns a new value that shares nothing with the arguments (which may
 * be frozen stored objects), so the caller may go on changing it.
 */
export function applyMergePatch(target: JsonValue, patch: JsonValue): JsonValue {
  return merge(cloneJson(target), patch);
}

function merge(target: JsonValue, patch: JsonValue): JsonValue {
  if (!isJsonObject(patch)) return cloneJson(patch);
  const out: JsonObject = isJsonObject(target) ? target : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) {
      delete out[key];
      continue;
    }
    // Only own members count: `out[key]` would find Object.prototype under "__proto__" (and merge into it).
    const current = Object.hasOwn(out, key) ? out[key] : undefined;
    setKey(out, key, merge(current === undefined ? null : current, value));
  }
  return out;
}
