/**
 * RFC 6902 JSON patches as kustomize applies them (evanphx/json-patch v4): operations given as a
 * JSON array or as YAML (read with go-yaml v2's rules, as sigs.k8s.io/yaml reads it), applied by
 * the one JSON patch engine (`machinery/patch/json-patch.ts`: every key a plain key, a bounded
 * document) in evanphx v4's wording for an operation that does not apply.
 */
import { PatchFailure } from '../../../machinery/patch/errors.js';
import { applyJsonPatch as applyOperations, type JsonPatchOperation } from '../../../machinery/patch/json-patch.js';
import { KustomizeError } from '../errors.js';
import { isMap, type JsonMap } from '../model/json.js';
import { parseConfigYaml } from '../load/yaml.js';
import { goJsonValueKind } from '../../../machinery/go-json-syntax.js';

/** One operation of a JSON patch. */
export type Operation = JsonPatchOperation;

const MAX_OPERATIONS = 10_000;
const MAX_VALUES = 5_000_000;

/** kustomize's `jsonPatchFromBytes`: the operations, or an error when the text is not a JSON patch. */
export async function decodeJsonPatch(text: string, source: string): Promise<Operation[]> {
  if (text === '') throw new KustomizeError('empty json patch operations');
  let value: unknown;
  if (text.startsWith('[')) {
    try {
      value = JSON.parse(text) as unknown;
    } catch (err) {
      throw new KustomizeError(`invalid JSON patch: ${(err as Error).message}`, { file: source });
    }
  } else {
    value = await parseConfigYaml(text, source);
  }
  if (value === null) return [];
  if (!Array.isArray(value)) throw new KustomizeError(`json: cannot unmarshal ${goJsonValueKind(value)} into Go value of type jsonpatch.Patch`);
  if (value.length > MAX_OPERATIONS) throw new KustomizeError(`a JSON patch may have at most ${MAX_OPERATIONS} operations, this one has ${value.length}`);
  for (const op of value) if (!isMap(op)) throw new KustomizeError('json: cannot unmarshal value into Go value of type jsonpatch.Operation');
  return value as Operation[];
}

/** Applies the operations to a copy of `object` and returns it. */
export function applyJsonPatch(object: JsonMap, ops: readonly Operation[]): JsonMap {
  let document: unknown;
  try {
    document = applyOperations(object, ops, { dialect: 'kustomize', maxValues: MAX_VALUES });
  } catch (error) {
    if (error instanceof PatchFailure) throw new KustomizeError(error.message);
    throw error;
  }
  if (!isMap(document)) throw new KustomizeError('a JSON patch must leave an object');
  return document;
}
