/**
 * `kubectl debug --custom`: a partial container spec (JSON or YAML) merged into the debug container
 * the profile made as a strategic merge patch on the Container type (kubectl's
 * `strategicpatch.StrategicMergePatch`: lists with a merge key, such as `env` and `volumeMounts`,
 * merge item by item; maps merge; everything else is replaced). The name, command, image,
 * lifecycle and volume devices cannot be set this way.
 */
import { parseYaml } from '../config/yaml-parse.js';
import { InputError } from '../errors.js';
import { getOwn } from '../../machinery/json/own-keys.js';
import { isJsonObject as isJsonMap } from '../../machinery/json/values.js';
import { applyStrategicMergePatch, type JsonMap } from '../apply/patches.js';
import { CONTAINER } from '../types/schema/builtin/core-containers.js';
import type { Container } from '../types/core.js';
import { goJsonValueKind } from '../../machinery/go-json-syntax.js';

/** kubectl's refusal of a custom profile that sets what a profile may not change. */
export const CUSTOM_PROFILE_FORBIDDEN = 'name, command, image, lifecycle and volume devices are not modifiable via custom profile';

function nonEmpty(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/**
 * Reads a custom profile (`path` names the file in messages); throws kubectl's messages for a file
 * that holds no container spec and for fields a custom profile may not set.
 */
export async function parseCustomProfile(text: string, path: string): Promise<JsonMap> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      value = await parseYaml(text);
    } catch (e) {
      throw new InputError(`${path} does not contain a valid container spec: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (value === null) return {};
  if (!isJsonMap(value)) {
    throw new InputError(`${path} does not contain a valid container spec: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ${goJsonValueKind(value)} into Go value of type v1.Container`);
  }
  if (['name', 'command', 'image', 'volumeDevices'].some((k) => nonEmpty(getOwn(value, k))) || (getOwn(value, 'lifecycle') ?? null) !== null) {
    throw new InputError(CUSTOM_PROFILE_FORBIDDEN);
  }
  return value;
}

/** `container` with the custom profile merged in (the container's name is kept). */
export function applyCustomProfile<C extends Container>(container: C, custom: JsonMap): C {
  const merged = applyStrategicMergePatch(container as unknown as JsonMap, custom, CONTAINER);
  return { ...merged, name: container.name } as unknown as C;
}
