/**
 * JSON patch (RFC 6902: `add`, `remove`, `replace`, `move`, `copy`, `test`) with the semantics of
 * evanphx/json-patch, the library behind both the Kubernetes API server and kubectl: a path walks
 * own members only, so `__proto__`, `constructor` and `prototype` are keys like any other (found
 * only when the document has them, and written as own members); an array index is read as Go's
 * strconv.Atoi reads it; `test` of a missing member passes only for `null`.
 *
 * The callers differ in wording and in bounds, and say which they want:
 * - the dialect (`apiserver`, `kubectl`, `kustomize`) picks the error messages of the library
 *   version each caller's Go counterpart uses, and whether the path is checked before the kind;
 * - `maxOperations` and `maxCopyBytes` are the API server's bounds on a request body;
 * - `maxValues` bounds the document as a whole (the client's: `copy` doubling a subtree twenty
 *   times would otherwise take all memory before anything could look at the result).
 *
 * Failures are {@link PatchFailure}s: `malformed` for a body that is not a list of operations,
 * `too-large` beyond `maxOperations`, `not-applicable` for an operation that does not apply.
 */
import { goJsonValueKind } from '../go-json-syntax.js';
import { writeJson } from '../json-numbers.js';
import { jsonEqual } from '../json/equal.js';
import { getOwn, setOwn } from '../json/own-keys.js';
import { isJsonObject } from '../json/values.js';
import { PatchFailure } from './errors.js';

/** The API server refuses JSON patches with more operations than this (413). */
export const MAX_JSON_PATCH_OPERATIONS = 10000;

/** The API server's bound on what the `copy` operations of one patch add (JSONPatchMaxCopyBytes, 3 MiB). */
export const MAX_COPY_BYTES = 3 * 1024 * 1024;

/** One operation, as callers build them. */
export interface JsonPatchOperation {
  op: string;
  path: string;
  value?: unknown;
  from?: string;
}

/** Whose wording errors take: the API server's, kubectl's (`patch --local`, `run --overrides`) or kustomize's. */
export type JsonPatchDialect = 'apiserver' | 'kubectl' | 'kustomize';

/** Options of {@link applyJsonPatch}. */
export interface JsonPatchOptions {
  /** Error wording. */
  dialect: JsonPatchDialect;
  /** Most operations a patch may have (`too-large` beyond); unbounded when absent. */
  maxOperations?: number | undefined;
  /** Most bytes (of JSON text) the `copy` operations of the patch may add together; unbounded when absent. */
  maxCopyBytes?: number | undefined;
  /** Most values (scalars, objects and arrays) the document may hold after any operation; unbounded when absent. */
  maxValues?: number | undefined;
}

const OPERATIONS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

/** Where a `replace` found nothing to replace: no parent, no such key, or an index out of range. */
type ReplaceMiss = 'parent' | 'key' | 'index';

/** The messages (and the one order) that differ between the dialects. */
interface Dialect {
  /** kubectl looks for the path before it looks at the kind; the others the other way round. */
  pathBeforeKind: boolean;
  notAnOperation(index: number, value: unknown): PatchFailure;
  missingPath(op: string, index: number): string;
  missingField(op: string, index: number, field: 'value' | 'from'): string;
  invalidIndex(op: string, path: string, index: string): string;
  removeMissingKey(key: string, path: string): string;
  replaceMissing(path: string, miss: ReplaceMiss, index: string): string;
}

const docMissingPath = (op: string, path: string): string => `${op} operation does not apply: doc is missing path: ${JSON.stringify(path)}: missing value`;
const docMissingKey = (path: string): string => `replace operation does not apply: doc is missing key: ${path}: missing value`;
const v4MissingPath = (op: string): string => `${op} operation does not apply: missing path`;
const v4MissingField = (op: string, _index: number, field: string): string => `${op} operation does not apply: missing ${field}`;
const v4InvalidIndex = (op: string, path: string): string => `${op} operation does not apply: doc is missing path: ${JSON.stringify(path)}: invalid index`;
const notAnObject = (index: number): PatchFailure => new PatchFailure('not-applicable', `operation ${index}: not a JSON object`);

const DIALECTS: Record<JsonPatchDialect, Dialect> = {
  apiserver: {
    pathBeforeKind: false,
    notAnOperation: (_index, value) => new PatchFailure('malformed', `json: cannot unmarshal ${goJsonValueKind(value)} into Go value of type jsonpatch.Operation`),
    missingPath: v4MissingPath,
    missingField: v4MissingField,
    invalidIndex: v4InvalidIndex,
    removeMissingKey: (_key, path) => docMissingPath('remove', path),
    replaceMissing: (path) => docMissingKey(path),
  },
  kustomize: {
    pathBeforeKind: false,
    notAnOperation: notAnObject,
    missingPath: v4MissingPath,
    missingField: v4MissingField,
    invalidIndex: v4InvalidIndex,
    removeMissingKey: (_key, path) => docMissingPath('remove', path),
    replaceMissing: (path, miss) => (miss === 'parent' ? docMissingPath('replace', path) : miss === 'key' ? docMissingKey(path) : v4InvalidIndex('replace', path)),
  },
  kubectl: {
    pathBeforeKind: true,
    notAnOperation: notAnObject,
    missingPath: (_op, index) => `operation ${index}: missing path`,
    missingField: (op, index, field) => `${op} operation ${index}: missing ${field}`,
    invalidIndex: (_op, path, index) => `Unable to access invalid index: ${index}: invalid index referenced (${path})`,
    removeMissingKey: (key) => `Unable to remove nonexistent key: ${key}: missing value`,
    replaceMissing: (path, miss, index) => (miss === 'parent' ? docMissingPath('replace', path) : miss === 'key' ? docMissingKey(path) : `Unable to access invalid index: ${index}: invalid index referenced (${path})`),
  },
};

type JsonMap = Record<string, unknown>;
type Container = JsonMap | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
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

/** The token as an index for a message: the number it reads as, else the token itself. */
function indexText(token: string): string {
  const index = arrayIndex(token);
  return index === undefined ? token : String(index);
}

/** The value at `key` of a container, or undefined when absent (arrays: out of range). */
function memberOf(container: Container, key: string): unknown {
  if (!Array.isArray(container)) return getOwn(container, key);
  const index = arrayIndex(key);
  return index === undefined || index < 0 || index >= container.length ? undefined : container[index];
}

/** The container holding the last token of `path`, walking own members only (evanphx's findObject). */
function findParent(doc: unknown, path: string): { container: Container; key: string } | undefined {
  const tokens = pointerTokens(path);
  if (tokens === undefined || tokens.length === 0) return undefined;
  let cur: unknown = doc;
  for (let i = 0; i < tokens.length - 1; i++) {
    if (!isContainer(cur)) return undefined;
    cur = memberOf(cur, tokens[i] as string);
  }
  return isContainer(cur) ? { container: cur, key: tokens[tokens.length - 1] as string } : undefined;
}

/** One application of a patch: wording, the operation at hand and the running bounds. */
interface Run {
  dialect: Dialect;
  /** Values the document may still grow by (when bounded). */
  values: { left: number; max: number } | undefined;
  /** Bytes the copies have added, and their bound. */
  copied: { bytes: number; max: number | undefined };
}

function fail(message: string): never {
  throw new PatchFailure('not-applicable', message);
}

/** Counts the values of `value` against the run's bound, failing as soon as it runs out. */
function spend(value: unknown, run: Run): void {
  const budget = run.values;
  if (budget === undefined) return;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (--budget.left < 0) fail(`a JSON patch made the object larger than ${budget.max} values`);
    if (Array.isArray(v)) stack.push(...v);
    else if (isJsonObject(v)) for (const key of Object.keys(v)) stack.push(v[key]);
  }
}

function addMember(op: string, container: Container, key: string, path: string, value: unknown, run: Run): void {
  if (!Array.isArray(container)) {
    setOwn(container, key, value);
    return;
  }
  if (key === '-') {
    container.push(value);
    return;
  }
  const index = arrayIndex(key);
  if (index === undefined || index < 0 || index > container.length) fail(run.dialect.invalidIndex(op, path, indexText(key)));
  container.splice(index, 0, value);
}

function addAt(op: string, doc: unknown, path: string, value: unknown, run: Run): void {
  const at = findParent(doc, path);
  if (at === undefined) fail(docMissingPath(op, path));
  addMember(op, at.container, at.key, path, value, run);
}

/** Fields of one operation, read as the operation needs them. */
interface Fields {
  kind: string;
  index: number;
  op: JsonMap;
}

function fromOf(fields: Fields, run: Run): string {
  const from = getOwn(fields.op, 'from');
  if (typeof from !== 'string') fail(run.dialect.missingField(fields.kind, fields.index, 'from'));
  return from;
}

/** The operation's value, counted and copied: the same body may be applied again (an update that retries). */
function valueOf(fields: Fields, run: Run): unknown {
  const value = getOwn(fields.op, 'value');
  if (value === undefined) fail(run.dialect.missingField(fields.kind, fields.index, 'value'));
  spend(value, run);
  return structuredClone(value);
}

/** The kind and path of an operation, checked in the dialect's order. */
function kindAndPath(op: JsonMap, index: number, run: Run): { kind: string; path: string } {
  const kind = getOwn(op, 'op');
  const known = typeof kind === 'string' && OPERATIONS.has(kind);
  if (!known && !run.dialect.pathBeforeKind) fail(`Unexpected kind: ${String(kind)}`);
  const path = getOwn(op, 'path');
  if (typeof path !== 'string') fail(run.dialect.missingPath(String(kind), index));
  if (!known) fail(`Unexpected kind: ${String(kind)}`);
  if (path !== '' && !path.startsWith('/')) fail(docMissingPath(kind, path));
  return { kind, path };
}

/** Applies one operation to `doc` (changed in place); returns the document (a new one when the root is replaced). */
function applyOperation(doc: unknown, op: JsonMap, index: number, run: Run): unknown {
  const { kind, path } = kindAndPath(op, index, run);
  const fields: Fields = { kind, index, op };
  switch (kind) {
    case 'add': {
      addAt(kind, doc, path, valueOf(fields, run), run);
      return doc;
    }
    case 'remove': {
      const at = findParent(doc, path);
      if (at === undefined) fail(docMissingPath(kind, path));
      const { container, key } = at;
      if (Array.isArray(container)) {
        const i = arrayIndex(key);
        if (i === undefined || i < 0 || i >= container.length) fail(run.dialect.invalidIndex(kind, path, indexText(key)));
        container.splice(i, 1);
      } else {
        if (!Object.hasOwn(container, key)) fail(run.dialect.removeMissingKey(key, path));
        delete container[key];
      }
      return doc;
    }
    case 'replace': {
      const value = valueOf(fields, run);
      if (path === '') {
        if (!isContainer(value)) fail('replace operation value must be object or array');
        return value;
      }
      const at = findParent(doc, path);
      if (at === undefined) fail(run.dialect.replaceMissing(path, 'parent', ''));
      if (memberOf(at.container, at.key) === undefined) fail(run.dialect.replaceMissing(path, Array.isArray(at.container) ? 'index' : 'key', indexText(at.key)));
      if (Array.isArray(at.container)) at.container[arrayIndex(at.key) as number] = value;
      else setOwn(at.container, at.key, value);
      return doc;
    }
    case 'move': {
      const from = fromOf(fields, run);
      const source = findParent(doc, from);
      const value = source === undefined ? undefined : memberOf(source.container, source.key);
      if (source === undefined || value === undefined) fail(`move operation does not apply: doc is missing from path: ${JSON.stringify(from)}: missing value`);
      if (Array.isArray(source.container)) source.container.splice(arrayIndex(source.key) as number, 1);
      else delete source.container[source.key];
      addAt(kind, doc, path, value, run);
      return doc;
    }
    case 'copy': {
      const from = fromOf(fields, run);
      const source = findParent(doc, from);
      const original = source === undefined ? undefined : memberOf(source.container, source.key);
      if (original === undefined) fail(`copy operation does not apply: doc is missing from path: ${JSON.stringify(from)}: missing value`);
      // Copies can double a document per operation: what they add is bounded.
      if (run.copied.max !== undefined) {
        run.copied.bytes += writeJson(original).length;
        if (run.copied.bytes > run.copied.max) {
          fail(`Unable to complete the copy, the accumulated size increase of copy is ${run.copied.bytes}, exceeding the limit ${run.copied.max}`);
        }
      }
      spend(original, run);
      addAt(kind, doc, path, structuredClone(original), run);
      return doc;
    }
    default: {
      const expected = getOwn(op, 'value');
      if (expected === undefined) fail(run.dialect.missingField(kind, index, 'value'));
      if (path === '') {
        if (jsonEqual(doc, expected)) return doc;
        fail(`testing value ${path} failed: test failed`);
      }
      const at = findParent(doc, path);
      if (at === undefined) fail(`test operation does not apply: is missing path: ${path}: missing value`);
      const actual = memberOf(at.container, at.key);
      if (actual === undefined ? expected === null : jsonEqual(actual, expected)) return doc;
      fail(`testing value ${path} failed: test failed`);
    }
  }
}

/**
 * Applies the operations to a copy of `document` and returns the result; the arguments are not
 * changed (they may be frozen stored objects).
 *
 * @throws {@link PatchFailure} `malformed` when `operations` is not a list (for the `apiserver`
 * dialect also when an operation is not an object), `too-large` beyond `maxOperations`, and
 * `not-applicable` for an operation that does not apply: an unknown kind, a missing path, a failed
 * `test`, copies beyond `maxCopyBytes` or a document beyond `maxValues`.
 */
export function applyJsonPatch(document: unknown, operations: unknown, options: JsonPatchOptions): unknown {
  if (!Array.isArray(operations)) throw new PatchFailure('malformed', `json: cannot unmarshal ${goJsonValueKind(operations)} into Go value of type jsonpatch.Patch`);
  const max = options.maxOperations;
  if (max !== undefined && operations.length > max) {
    throw new PatchFailure('too-large', `The allowed maximum operations in a JSON patch is ${max}, got ${operations.length}`);
  }
  const dialect = DIALECTS[options.dialect];
  operations.forEach((op: unknown, index) => {
    if (!isJsonObject(op)) throw dialect.notAnOperation(index, op);
  });
  const values = options.maxValues === undefined ? undefined : { left: options.maxValues, max: options.maxValues };
  const run: Run = { dialect, values, copied: { bytes: 0, max: options.maxCopyBytes } };
  spend(document, run);
  let doc = structuredClone(document);
  operations.forEach((op: JsonMap, index) => {
    doc = applyOperation(doc, op, index, run);
  });
  return doc;
}
