/** JSON patch (RFC 6902, `application/json-patch+json`) with the apiserver's limits and status codes. */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { PatchError } from './errors.js';
import { getOwn, isJsonObject, setKey } from './json-values.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { writeJson } from '../../machinery/json-numbers.js';

/** The apiserver refuses JSON patches with more operations than this (413). */
export const MAX_JSON_PATCH_OPERATIONS = 10000;

/** The API server's bound on what `copy` operations of one patch add (JSONPatchMaxCopyBytes, 3 MiB). */
export const MAX_COPY_BYTES = 3 * 1024 * 1024;

const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** Checks the shape of the operations as the apiserver's decoder and patcher would. */
function decodeOperations(operations: unknown): JsonObject[] {
  if (!Array.isArray(operations)) {
    throw PatchError.badRequest(`json: cannot unmarshal ${describe(operations)} into Go value of type jsonpatch.Patch`);
  }
  if (operations.length > MAX_JSON_PATCH_OPERATIONS) {
    throw new PatchError(413, 'RequestEntityTooLarge', `The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${operations.length}`);
  }
  for (const op of operations) {
    if (!isJsonObject(op)) throw PatchError.badRequest(`json: cannot unmarshal ${describe(op)} into Go value of type jsonpatch.Operation`);
  }
  return operations as JsonObject[];
}

/** JSON Pointer tokens of a path (`~1` is `/`, `~0` is `~`); undefined unless it starts with `/`. */
function pointerTokens(path: string): string[] | undefined {
  if (!path.startsWith('/')) return undefined;
  return path.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** An array index as Go's strconv.Atoi reads it (sign and leading zeros allowed). */
function arrayIndex(token: string): number | undefined {
  if (!/^[+-]?\d{1,15}$/.test(token)) return undefined;
  return Number(token);
}

type Container = JsonObject | JsonValue[];

function isContainer(value: JsonValue | undefined): value is Container {
  return typeof value === 'object' && value !== null;
}

/**
 * The container holding the last token of `path`, walking own members only (a key such as
 * `constructor` or `__proto__` is found only when the document has it), as evanphx's findObject.
 */
function findParent(doc: JsonValue, path: string): { container: Container; key: string } | undefined {
  const tokens = pointerTokens(path);
  if (tokens === undefined || tokens.length === 0) return undefined;
  let cur: JsonValue | undefined = doc;
  for (let i = 0; i < tokens.length - 1; i++) {
    const token = tokens[i] as string;
    if (Array.isArray(cur)) {
      const index = arrayIndex(token);
      cur = index === undefined || index < 0 || index >= cur.length ? undefined : cur[index];
    } else if (isJsonObject(cur)) {
      cur = getOwn(cur, token);
    } else {
      return undefined;
    }
    if (!isContainer(cur)) return undefined;
  }
  return isContainer(cur) ? { container: cur, key: tokens[tokens.length - 1] as string } : undefined;
}

/** The value at `key` of a container, or undefined when absent (arrays: out of range). */
function memberOf(container: Container, key: string): JsonValue | undefined {
  if (!Array.isArray(container)) return getOwn(container, key);
  const index = arrayIndex(key);
  return index === undefined || index < 0 || index >= container.length ? undefined : container[index];
}

class OperationFailed extends Error {}

function missingPath(op: string, path: string): OperationFailed {
  return new OperationFailed(`${op} operation does not apply: doc is missing path: ${JSON.stringify(path)}: missing value`);
}

function invalidIndex(op: string, path: string): OperationFailed {
  return new OperationFailed(`${op} operation does not apply: doc is missing path: ${JSON.stringify(path)}: invalid index`);
}

function addMember(op: string, container: Container, key: string, path: string, value: JsonValue): void {
  if (!Array.isArray(container)) {
    setKey(container, key, value);
    return;
  }
  if (key === '-') {
    container.push(value);
    return;
  }
  const index = arrayIndex(key);
  if (index === undefined || index < 0 || index > container.length) throw invalidIndex(op, path);
  container.splice(index, 0, value);
}

function removeMember(op: string, container: Container, key: string, path: string): JsonValue {
  if (!Array.isArray(container)) {
    if (!Object.hasOwn(container, key)) throw missingPath(op, path);
    const value = container[key] as JsonValue;
    delete container[key];
    return value;
  }
  const index = arrayIndex(key);
  if (index === undefined || index < 0 || index >= container.length) throw invalidIndex(op, path);
  return container.splice(index, 1)[0] as JsonValue;
}

/** Fields of one operation, checked as the operation needs them. */
interface Fields {
  kind: string;
  op: JsonObject;
}

function pathOf(fields: Fields): string {
  const path = getOwn(fields.op, 'path');
  if (typeof path !== 'string') throw new OperationFailed(`${fields.kind} operation does not apply: missing path`);
  if (path !== '' && !path.startsWith('/')) throw missingPath(fields.kind, path);
  return path;
}

function fromOf(fields: Fields): string {
  const from = getOwn(fields.op, 'from');
  if (typeof from !== 'string') throw new OperationFailed(`${fields.kind} operation does not apply: missing from`);
  return from;
}

/** The operation's value, copied: the patch body is applied again when the update retries. */
function valueOf(fields: Fields): JsonValue {
  if (!Object.hasOwn(fields.op, 'value') || fields.op.value === undefined) {
    throw new OperationFailed(`${fields.kind} operation does not apply: missing value`);
  }
  return structuredClone(fields.op.value);
}

/** Applies one operation to `doc` (mutated in place); returns the new document (a `replace` of the root). */
function applyOperation(doc: JsonValue, op: JsonObject, copied: { bytes: number }): JsonValue {
  const kind = getOwn(op, 'op');
  if (typeof kind !== 'string' || !OPS.has(kind)) throw PatchError.unprocessable(`Unexpected kind: ${String(kind)}`);
  const fields: Fields = { kind, op };
  const path = pathOf(fields);
  switch (kind) {
    case 'add': {
      const value = valueOf(fields);
      const at = findParent(doc, path);
      if (at === undefined) throw missingPath(kind, path);
      addMember(kind, at.container, at.key, path, value);
      return doc;
    }
    case 'remove': {
      const at = findParent(doc, path);
      if (at === undefined) throw missingPath(kind, path);
      removeMember(kind, at.container, at.key, path);
      return doc;
    }
    case 'replace': {
      const value = valueOf(fields);
      if (path === '') {
        if (!isContainer(value)) throw new OperationFailed('replace operation value must be object or array');
        return value;
      }
      const at = findParent(doc, path);
      if (at === undefined || memberOf(at.container, at.key) === undefined) {
        throw new OperationFailed(`replace operation does not apply: doc is missing key: ${path}: missing value`);
      }
      if (Array.isArray(at.container)) at.container[arrayIndex(at.key) as number] = value;
      else setKey(at.container, at.key, value);
      return doc;
    }
    case 'move': {
      const from = fromOf(fields);
      const source = findParent(doc, from);
      if (source === undefined || memberOf(source.container, source.key) === undefined) {
        throw new OperationFailed(`move operation does not apply: doc is missing from path: ${JSON.stringify(from)}: missing value`);
      }
      const value = removeMember(kind, source.container, source.key, from);
      const at = findParent(doc, path);
      if (at === undefined) throw missingPath(kind, path);
      addMember(kind, at.container, at.key, path, value);
      return doc;
    }
    case 'copy': {
      const from = fromOf(fields);
      const source = findParent(doc, from);
      const original = source === undefined ? undefined : memberOf(source.container, source.key);
      if (original === undefined) {
        throw new OperationFailed(`copy operation does not apply: doc is missing from path: ${JSON.stringify(from)}: missing value`);
      }
      // Copies can double a document per operation: their total is bounded as the API server bounds it.
      copied.bytes += writeJson(original).length;
      if (copied.bytes > MAX_COPY_BYTES) {
        throw new OperationFailed(`Unable to complete the copy, the accumulated size increase of copy is ${copied.bytes}, exceeding the limit ${MAX_COPY_BYTES}`);
      }
      const at = findParent(doc, path);
      if (at === undefined) throw missingPath(kind, path);
      addMember(kind, at.container, at.key, path, structuredClone(original));
      return doc;
    }
    default: {
      const expected = valueOf(fields);
      if (path === '') {
        if (jsonEqual(doc, expected)) return doc;
        throw new OperationFailed(`testing value ${path} failed: test failed`);
      }
      const at = findParent(doc, path);
      if (at === undefined) throw new OperationFailed(`test operation does not apply: is missing path: ${path}: missing value`);
      const actual = memberOf(at.container, at.key);
      if (actual === undefined ? expected === null : jsonEqual(actual, expected)) return doc;
      throw new OperationFailed(`testing value ${path} failed: test failed`);
    }
  }
}

/**
 * Applies an RFC 6902 JSON patch (`add`, `remove`, `replace`, `move`, `copy`, `test`) with
 * evanphx/json-patch's semantics (the API server's library): paths walk own members only, so
 * `__proto__`, `constructor` and `prototype` are plain keys. A patch that is not a list of
 * operations is a 400; one with more than {@link MAX_JSON_PATCH_OPERATIONS} operations a 413; an
 * operation that does not apply (a failing `test`, a missing path, copies beyond
 * {@link MAX_COPY_BYTES}) a 422 with the apiserver's generic message and the cause in
 * {@link PatchError.detail}. Returns a new value.
 */
export function applyJsonPatch(target: JsonValue, operations: unknown): JsonValue {
  const ops = decodeOperations(operations);
  let document: JsonValue = structuredClone(target);
  const copied = { bytes: 0 };
  for (const op of ops) {
    try {
      document = applyOperation(document, op, copied);
    } catch (error) {
      if (error instanceof OperationFailed) throw PatchError.unprocessable(error.message);
      throw error;
    }
  }
  return document;
}
