/** JSON patch (RFC 6902, `application/json-patch+json`) with the apiserver's limits and status codes. */
import jsonpatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import type { JsonValue } from '../../sdk/types/meta.js';
import { PatchError } from './errors.js';
import { isJsonObject } from './json-values.js';

/** The apiserver refuses JSON patches with more operations than this (413). */
export const MAX_JSON_PATCH_OPERATIONS = 10000;

const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** Checks the shape of the operations as the apiserver's decoder and patcher would. */
function decodeOperations(operations: unknown): Operation[] {
  if (!Array.isArray(operations)) {
    throw PatchError.badRequest(`json: cannot unmarshal ${describe(operations)} into Go value of type jsonpatch.Patch`);
  }
  if (operations.length > MAX_JSON_PATCH_OPERATIONS) {
    throw new PatchError(413, 'RequestEntityTooLarge', `The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${operations.length}`);
  }
  for (const op of operations) {
    if (!isJsonObject(op)) throw PatchError.badRequest(`json: cannot unmarshal ${describe(op)} into Go value of type jsonpatch.Operation`);
  }
  return operations as Operation[];
}

/** The evanphx/json-patch wording of a failed operation (the apiserver's patch library). */
function detailOf(error: unknown, operation: Operation | undefined): string {
  const name = error instanceof Error ? error.name : '';
  const path = operation?.path ?? '';
  switch (name) {
    case 'TEST_OPERATION_FAILED':
      return `testing value ${path} failed: test failed`;
    case 'OPERATION_OP_INVALID':
      return `Unexpected kind: ${String((operation as { op?: unknown } | undefined)?.op)}`;
    case 'OPERATION_PATH_UNRESOLVABLE':
      return operation?.op === 'replace' ? `replace operation does not apply: doc is missing key: ${path}: missing value`
        : `${operation?.op ?? 'operation'} operation does not apply: doc is missing path: ${JSON.stringify(path)}: missing value`;
    case 'OPERATION_FROM_UNRESOLVABLE':
      return `${operation?.op ?? 'operation'} operation does not apply: doc is missing from path: ${JSON.stringify((operation as { from?: string } | undefined)?.from ?? '')}: missing value`;
    case 'OPERATION_PATH_CANNOT_ADD':
      return `add operation does not apply: doc is missing path: ${JSON.stringify(path)}: missing value`;
    case 'OPERATION_VALUE_OUT_OF_BOUNDS':
    case 'OPERATION_PATH_ILLEGAL_ARRAY_INDEX':
      return `${operation?.op ?? 'operation'} operation does not apply: doc is missing path: ${JSON.stringify(path)}: invalid index`;
    case 'OPERATION_VALUE_REQUIRED':
      return `${operation?.op ?? 'operation'} operation does not apply: missing value`;
    case 'OPERATION_FROM_REQUIRED':
      return `${operation?.op ?? 'operation'} operation does not apply: missing from`;
    case 'OPERATION_PATH_INVALID':
      return `${operation?.op ?? 'operation'} operation does not apply: missing path`;
    default:
      return error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error);
  }
}

/**
 * Applies an RFC 6902 JSON patch (`add`, `remove`, `replace`, `move`, `copy`, `test`). A patch that
 * is not a list of operations is a 400; one with more than {@link MAX_JSON_PATCH_OPERATIONS}
 * operations a 413; an operation that does not apply (a failing `test`, a missing path) a 422 with
 * the apiserver's generic message and the cause in {@link PatchError.detail}. Returns a new value.
 */
export function applyJsonPatch(target: JsonValue, operations: unknown): JsonValue {
  const ops = decodeOperations(operations);
  let document: JsonValue = structuredClone(target);
  for (const op of ops) {
    const kind = (op as { op?: unknown }).op;
    if (typeof kind !== 'string' || !OPS.has(kind)) throw PatchError.unprocessable(`Unexpected kind: ${String(kind)}`);
    try {
      document = jsonpatch.applyOperation(document, op, true, true, true).newDocument as JsonValue;
    } catch (error) {
      throw PatchError.unprocessable(detailOf(error, op));
    }
  }
  return document;
}
