/**
 * JSON patch (RFC 6902) applied on the client, with every key treated as data: `patch --local
 * --type json`, `run --overrides` and kustomize's JSON 6902 patches. A Go client (evanphx/json-patch,
 * kubectl, kustomize) patches `__proto__` and `constructor/prototype` like any other key; so does
 * this one (fast-json-patch either refuses such paths or writes `o['__proto__'] = v`, and reads
 * inherited properties). Messages follow evanphx/json-patch in the wording of the version each
 * caller's Go counterpart uses (the `dialect`).
 *
 * A patch cannot grow the document without bound: every added or copied value is counted against
 * a budget of values (`copy` doubling a subtree twenty times would otherwise take all memory
 * before anything could look at the result).
 */
import { InputError } from '../errors.js';
import { getOwn, setOwn } from '../../machinery/json/own-keys.js';
import { isJsonMap, type JsonMap } from './patch-meta.js';
import { jsonEqual } from '../../machinery/json/equal.js';

/** One operation. */
export interface JsonPatchOperation {
  op: string;
  path: string;
  value?: unknown;
  from?: string;
}

function fail(message: string): never {
  throw new InputError(message);
}

/** Whose wording errors take: kubectl's (`patch`, `run --overrides`) or kustomize's. */
export type JsonPatchDialect = 'kubectl' | 'kustomize';

/** Options of {@link applyJsonPatch}. */
export interface JsonPatchOptions {
  /** Error wording (default `kubectl`). */
  dialect?: JsonPatchDialect | undefined;
  /** Most values (scalars, objects and arrays) the document may hold after any operation (default 5,000,000). */
  maxValues?: number | undefined;
}

const DEFAULT_MAX_VALUES = 5_000_000;
const OPERATIONS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

/** The messages that differ between the two dialects. */
interface Messages {
  invalidIndex(op: string, index: string, path: string): string;
  missingField(op: string, index: number, field: 'value' | 'from'): string;
  missingPath(op: string, index: number): string;
  removeMissingKey(key: string, path: string): string;
}

const MESSAGES: Record<JsonPatchDialect, Messages> = {
  kubectl: {
    invalidIndex: (_op, index, path) => `Unable to access invalid index: ${index}: invalid index referenced (${path})`,
    missingField: (op, index, field) => `${op} operation ${index}: missing ${field}`,
    missingPath: (_op, index) => `operation ${index}: missing path`,
    removeMissingKey: (key) => `Unable to remove nonexistent key: ${key}: missing value`,
  },
  kustomize: {
    invalidIndex: (op, _index, path) => `${op} operation does not apply: doc is missing path: ${JSON.stringify(path)}: invalid index`,
    missingField: (op, _index, field) => `${op} operation does not apply: missing ${field}`,
    missingPath: (op) => `${op} operation does not apply: missing path`,
    removeMissingKey: (_key, path) => `remove operation does not apply: doc is missing path: ${JSON.stringify(path)}: missing value`,
  },
};

/** Counts the values of `value` against `budget`, failing as soon as it runs out. */
function spend(value: unknown, budget: { left: number; max: number }): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (--budget.left < 0) fail(`a JSON patch made the object larger than ${budget.max} values`);
    if (Array.isArray(v)) stack.push(...v);
    else if (isJsonMap(v)) for (const key of Object.keys(v)) stack.push(v[key]);
  }
}

/** One patch application: the document, the wording and the value budget. */
interface Run {
  messages: Messages;
  budget: { left: number; max: number };
  op: string;
}

/** The reference tokens of a JSON pointer (`/a~1b/c` -> `a/b`, `c`). */
function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) fail(`invalid JSON pointer "${pointer}": it must start with /`);
  return pointer.slice(1).split('/').map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function arrayIndex(token: string, length: number, forInsert: boolean, path: string, run: Run): number {
  if (forInsert && token === '-') return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) fail(run.messages.invalidIndex(run.op, token, path));
  const index = Number(token);
  if (index > length || (!forInsert && index === length)) fail(run.messages.invalidIndex(run.op, String(index), path));
  return index;
}

/** The container that holds the last token of `path`, and that token. */
function parentOf(doc: unknown, path: string, run: Run): { parent: JsonMap | unknown[]; key: string } {
  const missing = (): never => fail(`${run.op} operation does not apply: doc is missing path: ${JSON.stringify(path)}: missing value`);
  const parts = tokens(path);
  const key = parts.pop();
  if (key === undefined) missing();
  let node = doc;
  for (const token of parts) {
    if (Array.isArray(node)) node = node[arrayIndex(token, node.length, false, path, run)];
    else if (isJsonMap(node) && Object.hasOwn(node, token)) node = node[token];
    else missing();
  }
  if (!Array.isArray(node) && !isJsonMap(node)) missing();
  return { parent: node as JsonMap | unknown[], key: key as string };
}

function get(doc: unknown, path: string, run: Run): unknown {
  let node = doc;
  for (const token of tokens(path)) {
    if (Array.isArray(node)) node = node[arrayIndex(token, node.length, false, path, run)];
    else if (isJsonMap(node) && Object.hasOwn(node, token)) node = node[token];
    else fail(`${run.op} operation does not apply: doc is missing from path: ${JSON.stringify(path)}: missing value`);
  }
  return node;
}

function add(doc: unknown, path: string, value: unknown, run: Run): unknown {
  if (path === '') return value;
  const { parent, key } = parentOf(doc, path, run);
  if (Array.isArray(parent)) parent.splice(arrayIndex(key, parent.length, true, path, run), 0, value);
  else setOwn(parent, key, value);
  return doc;
}

function remove(doc: unknown, path: string, run: Run): { doc: unknown; removed: unknown } {
  const { parent, key } = parentOf(doc, path, run);
  if (Array.isArray(parent)) {
    const [removed] = parent.splice(arrayIndex(key, parent.length, false, path, run), 1);
    return { doc, removed };
  }
  if (!Object.hasOwn(parent, key)) fail(run.messages.removeMissingKey(key, path));
  const removed = getOwn(parent, key);
  delete parent[key];
  return { doc, removed };
}

function replace(doc: unknown, path: string, value: unknown, run: Run): unknown {
  if (path === '') return value;
  const { parent, key } = parentOf(doc, path, run);
  if (Array.isArray(parent)) parent[arrayIndex(key, parent.length, false, path, run)] = value;
  else if (!Object.hasOwn(parent, key)) fail(`replace operation does not apply: doc is missing key: ${path}: missing value`);
  else setOwn(parent, key, value);
  return doc;
}

/** A deep copy that keeps `__proto__` keys (structuredClone keeps own properties as such). */
function copy(value: unknown): unknown {
  return structuredClone(value);
}

/** The operation's value, counted against the budget before it is copied. */
function operationValue(raw: JsonMap, index: number, run: Run): unknown {
  if (!Object.hasOwn(raw, 'value')) fail(run.messages.missingField(run.op, index, 'value'));
  const value = getOwn(raw, 'value');
  spend(value, run.budget);
  return copy(value);
}

/**
 * Applies `operations` to a copy of `document` and returns the result.
 *
 * @throws {@link InputError} for an invalid operation, a missing path, a failed `test` or a
 * document grown past `maxValues`.
 */
export function applyJsonPatch(document: unknown, operations: readonly unknown[], options: JsonPatchOptions = {}): unknown {
  const max = options.maxValues ?? DEFAULT_MAX_VALUES;
  const dialect = options.dialect ?? 'kubectl';
  const budget = { left: max, max };
  spend(document, budget);
  let doc = copy(document);
  operations.forEach((raw, index) => {
    if (!isJsonMap(raw)) fail(`operation ${index}: not a JSON object`);
    const kind = getOwn(raw, 'op');
    const run: Run = { messages: MESSAGES[dialect], budget, op: String(kind) };
    const known = typeof kind === 'string' && OPERATIONS.has(kind);
    // kustomize checks the kind first, kubectl the path.
    if (!known && dialect === 'kustomize') fail(`Unexpected kind: ${String(kind)}`);
    const path = getOwn(raw, 'path');
    if (typeof path !== 'string') fail(run.messages.missingPath(String(kind), index));
    if (!known) fail(`Unexpected kind: ${String(kind)}`);
    const from = getOwn(raw, 'from');
    switch (kind) {
      case 'add':
        doc = add(doc, path, operationValue(raw, index, run), run);
        break;
      case 'remove':
        doc = remove(doc, path, run).doc;
        break;
      case 'replace':
        doc = replace(doc, path, operationValue(raw, index, run), run);
        break;
      case 'move': {
        if (typeof from !== 'string') fail(run.messages.missingField(kind, index, 'from'));
        if (path.startsWith(`${from}/`)) fail(`move operation ${index}: cannot move ${from} into its own child ${path}`);
        const moved = remove(doc, from, run);
        doc = add(moved.doc, path, moved.removed, run);
        break;
      }
      case 'copy': {
        if (typeof from !== 'string') fail(run.messages.missingField(kind, index, 'from'));
        const source = get(doc, from, run);
        spend(source, budget);
        doc = add(doc, path, copy(source), run);
        break;
      }
      default:
        if (!jsonEqual(get(doc, path, run), getOwn(raw, 'value'))) fail(`testing value ${path} failed: test failed`);
    }
  });
  return doc;
}
