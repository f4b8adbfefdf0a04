/**
 * The three-way JSON merge patch (RFC 7386) that client-side apply sends for kinds without a
 * strategic-merge schema (custom resources), as apimachinery's `CreateThreeWayJSONMergePatch`
 * builds it: additions and changes from the live object to the manifest, plus the deletions from
 * the last-applied configuration to the manifest. Lists are replaced whole.
 */
import { InputError } from '../errors.js';
import { getOwn, setOwn } from '../../machinery/json/own-keys.js';
import { isJsonMap, type JsonMap } from './patch-meta.js';
import { jsonEqual } from '../../machinery/json/equal.js';

/** RFC 7386 `CreateMergePatch(from, to)`: what to send so that `from` becomes `to`. */
export function createMergePatch(from: JsonMap, to: JsonMap): JsonMap {
  const patch: JsonMap = {};
  for (const [key, toValue] of Object.entries(to)) {
    if (!Object.hasOwn(from, key)) {
      setOwn(patch, key, toValue);
      continue;
    }
    const fromValue = from[key];
    if (isJsonMap(fromValue) && isJsonMap(toValue)) {
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
    } else if (isJsonMap(value)) {
      const sub = keepOrDeleteNull(value, keepNull);
      // An object that became empty is kept only when it was empty to begin with (a real change).
      if (Object.keys(sub).length > 0 || (!keepNull && Object.keys(value).length === 0)) setOwn(out, key, sub);
    } else if (!keepNull) {
      setOwn(out, key, value);
    }
  }
  return out;
}

/** RFC 7386 apply: `target` with `patch` merged in. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonMap(patch)) return patch;
  const out: JsonMap = isJsonMap(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else setOwn(out, key, applyMergePatch(getOwn(out, key), value));
  }
  return out;
}

/** Whether two patches set the same key to different values (apimachinery's `HasConflicts`). */
function hasConflicts(left: unknown, right: unknown): boolean {
  if (isJsonMap(left) && isJsonMap(right)) {
    for (const [key, value] of Object.entries(left)) {
      if (Object.hasOwn(right, key) && hasConflicts(value, right[key])) return true;
    }
    return false;
  }
  return !jsonEqual(left, right);
}

/**
 * The JSON merge patch that client-side apply sends for a kind without a strategic-merge schema.
 * `apiVersion`, `kind` and `metadata.name` must not change (kubectl's preconditions).
 *
 * @throws {@link InputError} when the manifest changes apiVersion, kind or name.
 */
export function createThreeWayJsonMergePatch(original: JsonMap | undefined, modified: JsonMap, current: JsonMap): JsonMap {
  const addAndChange = keepOrDeleteNull(createMergePatch(current, modified), false);
  const deletions = keepOrDeleteNull(createMergePatch(original ?? {}, modified), true);
  if (hasConflicts(addAndChange, deletions)) throw new InputError('the patch computed from the manifest conflicts with the live object');
  const patch = applyMergePatch(deletions, addAndChange) as JsonMap;
  const meta = getOwn(patch, 'metadata');
  if (Object.hasOwn(patch, 'apiVersion') || Object.hasOwn(patch, 'kind') || (isJsonMap(meta) && Object.hasOwn(meta, 'name'))) {
    throw new InputError('At least one of apiVersion, kind and name was changed');
  }
  return patch;
}
