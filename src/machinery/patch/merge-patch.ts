/**
 * JSON merge patch (RFC 7386, `application/merge-patch+json`): applying one, as the API server
 * does for `--type merge` and kubectl does for `patch --local`, and building one, as
 * apimachinery's jsonmergepatch does for client-side apply, `edit` and the label and set commands
 * of kinds without a strategic-merge schema. Every key is data (`__proto__` included).
 */
import { jsonEqual } from '../json/equal.js';
import { getOwn, setOwn } from '../json/own-keys.js';
import { cloneJson, isJsonObject } from '../json/values.js';
import { PatchFailure } from './errors.js';

type JsonMap = Record<string, unknown>;

/**
 * Applies an RFC 7386 merge patch: objects merge key by key, `null` deletes a key, anything else
 * (arrays included) replaces. Returns a new value that shares nothing with the arguments (which may
 * be frozen stored objects), so the caller may go on changing it.
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  return merge(cloneJson(target), patch);
}

function merge(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return cloneJson(patch);
  const out: JsonMap = isJsonObject(target) ? target : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) {
      delete out[key];
      continue;
    }
    // Only own members count: `out[key]` would find Object.prototype under "__proto__" (and merge into it).
    const current = getOwn(out, key);
    setOwn(out, key, merge(current === undefined ? null : current, value));
  }
  return out;
}

/** RFC 7386 `CreateMergePatch(from, to)`: what to send so that `from` becomes `to`. */
export function createMergePatch(from: JsonMap, to: JsonMap): JsonMap {
  const patch: JsonMap = {};
  for (const [key, toValue] of Object.entries(to)) {
    if (!Object.hasOwn(from, key)) {
      setOwn(patch, key, toValue);
      continue;
    }
    const fromValue = from[key];
    if (isJsonObject(fromValue) && isJsonObject(toValue)) {
      const sub = createMergePatch(fromValue, toValue);
      if (Object.keys(sub).length > 0) setOwn(patch, key, sub);
    } else if (!jsonEqual(fromValue, toValue)) {
      setOwn(patch, key, toValue);
    }
  }
  for (const key of Object.keys(from)) if (!Object.hasOwn(to, key)) setOwn(patch, key, null);
  return patch;
}

/** Keeps only the deletions (`keepNull`) or only the additions and changes of a merge patch. */
function keepOrDeleteNull(patch: JsonMap, keepNull: boolean): JsonMap {
  const out: JsonMap = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      if (keepNull) setOwn(out, key, null);
    } else if (isJsonObject(value)) {
      const sub = keepOrDeleteNull(value, keepNull);
      // An object that became empty is kept only when it was empty to begin with (a real change).
      if (Object.keys(sub).length > 0 || (!keepNull && Object.keys(value).length === 0)) setOwn(out, key, sub);
    } else if (!keepNull) {
      setOwn(out, key, value);
    }
  }
  return out;
}

/** Whether two patches set the same key to different values (apimachinery's `HasConflicts`). */
function hasConflicts(left: unknown, right: unknown): boolean {
  if (isJsonObject(left) && isJsonObject(right)) {
    for (const [key, value] of Object.entries(left)) {
      if (Object.hasOwn(right, key) && hasConflicts(value, right[key])) return true;
    }
    return false;
  }
  return !jsonEqual(left, right);
}

/**
 * apimachinery's `CreateThreeWayJSONMergePatch`: the merge patch that makes `current` (the live
 * object) look like `modified` (the manifest), with the additions and changes taken against
 * `current` and the deletions against `original` (the previous last-applied configuration), so
 * that fields set by others are left alone. Lists are replaced whole. `apiVersion`, `kind` and
 * `metadata.name` must not change (kubectl's preconditions). `{}` means there is nothing to change.
 *
 * @throws {@link PatchFailure} (`internal`) when the two halves conflict or a precondition fails.
 */
export function createThreeWayJsonMergePatch(original: JsonMap | undefined, modified: JsonMap, current: JsonMap): JsonMap {
  const addAndChange = keepOrDeleteNull(createMergePatch(current, modified), false);
  const deletions = keepOrDeleteNull(createMergePatch(original ?? {}, modified), true);
  if (hasConflicts(addAndChange, deletions)) throw new PatchFailure('internal', 'the patch computed from the manifest conflicts with the live object');
  const patch = applyMergePatch(deletions, addAndChange) as JsonMap;
  const meta = getOwn(patch, 'metadata');
  if (Object.hasOwn(patch, 'apiVersion') || Object.hasOwn(patch, 'kind') || (isJsonObject(meta) && Object.hasOwn(meta, 'name'))) {
    throw new PatchFailure('internal', 'At least one of apiVersion, kind and name was changed');
  }
  return patch;
}
