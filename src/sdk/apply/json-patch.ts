/**
 * JSON patch (RFC 6902) applied on the client (`patch --local --type json`), with every key treated
 * as data. fast-json-patch, which the server side uses, is unfit here: it either refuses `__proto__`
 * and `constructor/prototype` paths outright, or (with that ban off) writes `o['__proto__'] = v`,
 * and it reads inherited properties (`/data/constructor` "exists" on any object). A Go client
 * (evanphx/json-patch, kubectl) patches such keys like any other; so does this one. Messages follow
 * evanphx/json-patch's.
 */
import { InputError } from '../errors.js';
import { getOwn, setOwn } from '../own-keys.js';
import { isJsonMap, jsonEqual, type JsonMap } from './patch-meta.js';

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

/** The reference tokens of a JSON pointer (`/a~1b/c` -> `a/b`, `c`). */
function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) fail(`invalid JSON pointer "${pointer}": it must start with /`);
  return pointer.slice(1).split('/').map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function arrayIndex(token: string, length: number, forInsert: boolean, path: string): number {
  if (forInsert && token === '-') return length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) fail(`Unable to access invalid index: ${token}: invalid index referenced (${path})`);
  const index = Number(token);
  if (index > length || (!forInsert && index === length)) fail(`Unable to access invalid index: ${index}: invalid index referenced (${path})`);
  return index;
}

/** The container that holds the last token of `path`, and that token. */
function parentOf(doc: unknown, path: string, op: string): { parent: JsonMap | unknown[]; key: string } {
  const parts = tokens(path);
  const key = parts.pop();
  if (key === undefined) fail(`${op} operation does not apply: doc is missing path: "${path}": missing value`);
  let node = doc;
  for (const token of parts) {
    if (Array.isArray(node)) node = node[arrayIndex(token, node.length, false, path)];
    else if (isJsonMap(node) && Object.hasOwn(node, token)) node = node[token];
    else fail(`${op} operation does not apply: doc is missing path: "${path}": missing value`);
  }
  if (!Array.isArray(node) && !isJsonMap(node)) fail(`${op} operation does not apply: doc is missing path: "${path}": missing value`);
  return { parent: node, key };
}

function get(doc: unknown, path: string, op: string): unknown {
  let node = doc;
  for (const token of tokens(path)) {
    if (Array.isArray(node)) node = node[arrayIndex(token, node.length, false, path)];
    else if (isJsonMap(node) && Object.hasOwn(node, token)) node = node[token];
    else fail(`${op} operation does not apply: doc is missing from path: "${path}": missing value`);
  }
  return node;
}

function add(doc: unknown, path: string, value: unknown): unknown {
  if (path === '') return value;
  const { parent, key } = parentOf(doc, path, 'add');
  if (Array.isArray(parent)) parent.splice(arrayIndex(key, parent.length, true, path), 0, value);
  else setOwn(parent, key, value);
  return doc;
}

function remove(doc: unknown, path: string): { doc: unknown; removed: unknown } {
  const { parent, key } = parentOf(doc, path, 'remove');
  if (Array.isArray(parent)) {
    const [removed] = parent.splice(arrayIndex(key, parent.length, false, path), 1);
    return { doc, removed };
  }
  if (!Object.hasOwn(parent, key)) fail(`Unable to remove nonexistent key: ${key}: missing value`);
  const removed = getOwn(parent, key);
  delete parent[key];
  return { doc, removed };
}

function replace(doc: unknown, path: string, value: unknown): unknown {
  if (path === '') return value;
  const { parent, key } = parentOf(doc, path, 'replace');
  if (Array.isArray(parent)) parent[arrayIndex(key, parent.length, false, path)] = value;
  else if (!Object.hasOwn(parent, key)) fail(`replace operation does not apply: doc is missing key: ${path}: missing value`);
  else setOwn(parent, key, value);
  return doc;
}

/** A deep copy that keeps `__proto__` keys (structuredClone keeps own properties as such). */
function copy(value: unknown): unknown {
  return structuredClone(value);
}

function operationValue(op: JsonPatchOperation, index: number): unknown {
  if (!Object.hasOwn(op, 'value')) fail(`${op.op} operation ${index}: missing value`);
  return copy(op.value);
}

/**
 * Applies `operations` to a copy of `document` and returns the result.
 *
 * @throws {@link InputError} for an invalid operation, a missing path or a failed `test`.
 */
export function applyJsonPatch(document: unknown, operations: readonly unknown[]): unknown {
  let doc = copy(document);
  operations.forEach((raw, index) => {
    if (!isJsonMap(raw)) fail(`operation ${index}: not a JSON object`);
    const op = raw as unknown as JsonPatchOperation;
    const path = getOwn(raw, 'path');
    if (typeof path !== 'string') fail(`operation ${index}: missing path`);
    const from = getOwn(raw, 'from');
    switch (getOwn(raw, 'op')) {
      case 'add':
        doc = add(doc, path, operationValue(op, index));
        break;
      case 'remove':
        doc = remove(doc, path).doc;
        break;
      case 'replace':
        doc = replace(doc, path, operationValue(op, index));
        break;
      case 'move': {
        if (typeof from !== 'string') fail(`move operation ${index}: missing from`);
        if (path.startsWith(`${from}/`)) fail(`move operation ${index}: cannot move ${from} into its own child ${path}`);
        const moved = remove(doc, from);
        doc = add(moved.doc, path, moved.removed);
        break;
      }
      case 'copy':
        if (typeof from !== 'string') fail(`copy operation ${index}: missing from`);
        doc = add(doc, path, copy(get(doc, from, 'copy')));
        break;
      case 'test':
        if (!jsonEqual(get(doc, path, 'test'), getOwn(raw, 'value'))) fail(`testing value ${path} failed: test failed`);
        break;
      default:
        fail(`Unexpected kind: ${String(getOwn(raw, 'op'))}`);
    }
  });
  return doc;
}
