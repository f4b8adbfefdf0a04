/**
 * RFC 6902 JSON patches as kustomize applies them (evanphx/json-patch v4): operations given as a
 * JSON array or as YAML (read with go-yaml v2's rules, as sigs.k8s.io/yaml reads it), applied one
 * by one, with evanphx's wording for an operation that does not apply. The document's size is
 * checked after every operation, so that `copy` cannot grow it without bound.
 */
import jsonpatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import { KustomizeError } from '../errors.js';
import { isMap, type JsonMap } from '../model/json.js';
import { parseConfigYaml } from '../load/yaml.js';

const MAX_OPERATIONS = 10_000;
const MAX_VALUES = 5_000_000;
const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

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
  if (!Array.isArray(value)) throw new KustomizeError(`json: cannot unmarshal ${isMap(value) ? 'object' : typeof value} into Go value of type jsonpatch.Patch`);
  if (value.length > MAX_OPERATIONS) throw new KustomizeError(`a JSON patch may have at most ${MAX_OPERATIONS} operations, this one has ${value.length}`);
  for (const op of value) if (!isMap(op)) throw new KustomizeError('json: cannot unmarshal value into Go value of type jsonpatch.Operation');
  return value as Operation[];
}

function countValues(value: unknown, budget: { left: number }): void {
  if (--budget.left < 0) throw new KustomizeError(`a JSON patch made the object larger than ${MAX_VALUES} values`);
  if (Array.isArray(value)) for (const v of value) countValues(v, budget);
  else if (isMap(value)) for (const v of Object.values(value)) countValues(v, budget);
}

function describeFailure(error: unknown, op: Operation): string {
  const name = error instanceof Error ? error.name : '';
  const path = op.path;
  switch (name) {
    case 'TEST_OPERATION_FAILED':
      return `testing value ${path} failed: test failed`;
    case 'OPERATION_PATH_UNRESOLVABLE':
      return op.op === 'replace' ? `replace operation does not apply: doc is missing key: ${path}: missing value` : `${op.op} operation does not apply: doc is missing path: ${JSON.stringify(path)}: missing value`;
    case 'OPERATION_FROM_UNRESOLVABLE':
      return `${op.op} operation does not apply: doc is missing from path: ${JSON.stringify((op as { from?: string }).from ?? '')}: missing value`;
    case 'OPERATION_PATH_CANNOT_ADD':
      return `add operation does not apply: doc is missing path: ${JSON.stringify(path)}: missing value`;
    case 'OPERATION_VALUE_OUT_OF_BOUNDS':
    case 'OPERATION_PATH_ILLEGAL_ARRAY_INDEX':
      return `${op.op} operation does not apply: doc is missing path: ${JSON.stringify(path)}: invalid index`;
    case 'OPERATION_VALUE_REQUIRED':
      return `${op.op} operation does not apply: missing value`;
    case 'OPERATION_FROM_REQUIRED':
      return `${op.op} operation does not apply: missing from`;
    case 'OPERATION_PATH_INVALID':
      return `${op.op} operation does not apply: missing path`;
    default:
      return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  }
}

/** Applies the operations to a copy of `object` and returns it. */
export function applyJsonPatch(object: JsonMap, ops: readonly Operation[]): JsonMap {
  let document: unknown = structuredClone(object);
  for (const op of ops) {
    const kind = (op as { op?: unknown }).op;
    if (typeof kind !== 'string' || !OPS.has(kind)) throw new KustomizeError(`Unexpected kind: ${String(kind)}`);
    try {
      document = jsonpatch.applyOperation(document, structuredClone(op), true, true, true).newDocument;
    } catch (error) {
      throw new KustomizeError(describeFailure(error, op));
    }
    countValues(document, { left: MAX_VALUES });
  }
  if (!isMap(document)) throw new KustomizeError('a JSON patch must leave an object');
  return document;
}
