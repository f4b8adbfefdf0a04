/**
 * `--overrides` and `--override-type` of `run` and `expose`: an inline JSON document applied to the
 * generated object as a JSON merge patch (the default), a strategic merge patch (the kind's patch
 * schema decides how lists merge) or a JSON patch (RFC 6902 operations), as kubectl's overrider does.
 */
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { FlagReader } from '../../framework/flag-reader.js';
import type { FlagSpec } from '../../framework/spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { isJsonObject } from '../../../machinery/json/values.js';
import { goJsonValueKind } from '../../../machinery/go-json-syntax.js';

/** `--override-type`. */
export const OVERRIDE_TYPE_FLAG = { name: 'override-type', type: 'string', default: 'merge', description: 'The method used to override the generated object: json, merge, or strategic.', complete: { kind: 'values', values: ['json', 'merge', 'strategic'] } } as const satisfies FlagSpec;

/** `--overrides`. */
export const OVERRIDES_FLAG = { name: 'overrides', type: 'string', default: '', description: 'An inline JSON override for the generated object. If this is non-empty, it is used to override the generated object. Requires that the object supply a valid apiVersion field.' } as const satisfies FlagSpec;

/** `object` with the `--overrides` of `flags` applied (unchanged without them). */
export async function applyOverrides(object: KubeObject, flags: FlagReader<typeof OVERRIDES_FLAG | typeof OVERRIDE_TYPE_FLAG>): Promise<KubeObject> {
  const text = flags.string('overrides') ?? '';
  const type = flags.string('override-type') ?? 'merge';
  if (!['json', 'merge', 'strategic'].includes(type)) throw new UsageError(`--override-type must be one of (json, merge, strategic), got '${type}'`, false);
  if (text === '') return object;
  let patch: unknown;
  try {
    // The user's own flag: JSON.parse keeps `__proto__` as a plain key.
    patch = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`error: unable to parse ${JSON.stringify(text)}: ${err instanceof Error ? err.message : String(err)}`, false);
  }
  let result: unknown;
  if (type === 'json') {
    if (!Array.isArray(patch)) throw new UsageError(`error: unable to parse ${JSON.stringify(text)}: json: cannot unmarshal object into Go value of type jsonpatch.Patch`, false);
    const { applyJsonPatch } = await import('../../../sdk/apply/patches.js');
    try {
      result = applyJsonPatch(object, patch);
    } catch (err) {
      throw new UsageError(`error: ${err instanceof Error ? err.message : String(err)}`, false);
    }
  } else if (!isJsonObject(patch)) {
    throw new UsageError(`error: unable to parse ${JSON.stringify(text)}: json: cannot unmarshal ${goJsonValueKind(patch)} into Go value of type map[string]interface {}`, false);
  } else if (type === 'merge') {
    const { applyMergePatch } = await import('../../../sdk/apply/patches.js');
    result = applyMergePatch(object, patch);
  } else {
    // kubectl's overrider: strategicpatch.StrategicMergePatch into the generated object's type.
    const [{ applyStrategicMergePatch }, { builtinSchema }, { splitApiVersion }] = await Promise.all([
      import('../../../sdk/apply/patches.js'),
      import('../../../sdk/types/schema/index.js'),
      import('../../../sdk/apply/object-ref.js'),
    ]);
    const { group, version } = splitApiVersion(object.apiVersion ?? '');
    result = applyStrategicMergePatch(object as Record<string, unknown>, patch, builtinSchema(group, version, object.kind ?? ''));
  }
  if (!isJsonObject(result)) throw new UsageError('error: the overrides did not leave an object', false);
  return result as KubeObject;
}
