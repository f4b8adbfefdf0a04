/**
 * Strategic merge as kustomize applies patches (kyaml's `merge2` walk), which is not
 * apimachinery's server-side strategic merge patch: maps merge key by key, a `null` in the patch
 * removes a field, `$patch: delete|replace|merge` directives are honoured on maps and lists,
 * lists whose type says `patchStrategy: merge` merge item by item by their keys (the patch's items
 * first, then the items only the target has), and every other list is replaced.
 *
 * The walk mutates the target and the patch, as kyaml's does; callers pass copies.
 */
import { KustomizeError } from '../errors.js';
import { getKey, isMap, isMissingOrNull, newMap, nodeKind, scalarText, setKey, type JsonMap } from '../model/json.js';
import { mergeValues, validateKeys, elementSetter, elementValuesList, matchElement, appendListNode } from './merge2-lists.js';
import type { WalkSchema } from './patch-schema.js';

/** A null that stays (a `null` of the target that the patch does not mention). */
const KEPT_NULL = Symbol('kept-null');

/** Finds the schema of a top-level or embedded object by its apiVersion and kind. */
export type SchemaLookup = (apiVersion: string, kind: string) => WalkSchema | undefined;

type Node = unknown;
type Directive = 'merge' | 'replace' | 'delete' | 'unknown';

interface Walk {
  lookup: SchemaLookup;
}

function kindName(value: unknown): string {
  const k = nodeKind(value);
  return k === 'map' ? 'MappingNode' : k === 'seq' ? 'SequenceNode' : 'ScalarNode';
}

/** kyaml's `determineSmpDirective`, which also removes a valid directive from the patch. */
function directive(patch: Node): Directive {
  if (patch === undefined) return 'merge';
  if (isMap(patch)) {
    if (!Object.hasOwn(patch, '$patch')) return 'merge';
    const value = scalarText(getKey(patch, '$patch'));
    if (value === 'delete' || value === 'replace' || value === 'merge') {
      delete patch.$patch;
      return value;
    }
    throw new KustomizeError(`unknown patch strategy '${value}'`);
  }
  if (Array.isArray(patch)) {
    const element = patch.find((item) => isMap(item) && Object.hasOwn(item, '$patch'));
    if (!isMap(element) || Object.keys(element).length > 1) return 'merge';
    const value = scalarText(getKey(element, '$patch'));
    if (value === 'delete' || value === 'replace' || value === 'merge') {
      elementSetter(patch, undefined, ['$patch'], [value]);
      return value;
    }
    throw new KustomizeError(`unknown patch strategy '${value}'`);
  }
  throw new KustomizeError(`no implemented strategic merge patch strategy for ${JSON.stringify(patch)}`);
}

function tryDirective(patch: Node): Directive {
  try {
    return directive(patch);
  } catch {
    return 'unknown';
  }
}

function visitMap(dest: Node, origin: Node): Node {
  if (isMissingOrNull(dest)) {
    if (tryDirective(origin) === 'delete') return undefined;
    if (origin === undefined && dest === null) return KEPT_NULL;
    return origin;
  }
  if (origin === null) return undefined;
  const d = directive(origin);
  if (d === 'delete') return undefined;
  if (d === 'replace') return origin;
  return dest;
}

function visitScalar(dest: Node, origin: Node): Node {
  return origin !== undefined ? origin : dest;
}

function visitList(dest: Node, origin: Node, associative: boolean): Node {
  if (!associative) return origin !== undefined ? origin : dest;
  if (isMissingOrNull(dest)) return origin;
  if (origin === null) return undefined;
  const d = directive(origin);
  if (d === 'delete') return undefined;
  if (d === 'replace') return origin;
  return dest;
}

function schemaOf(sources: readonly Node[], given: WalkSchema | undefined, w: Walk): WalkSchema | undefined {
  if (given !== undefined) return given;
  for (const s of sources) {
    if (!isMap(s)) continue;
    const apiVersion = getKey(s, 'apiVersion');
    const kind = getKey(s, 'kind');
    if (typeof apiVersion !== 'string' || typeof kind !== 'string' || apiVersion === '' || kind === '') continue;
    const found = w.lookup(apiVersion, kind);
    if (found !== undefined) return found;
  }
  return undefined;
}

function walk(sources: [Node, Node], given: WalkSchema | undefined, path: string[], w: Walk): Node {
  const schema = schemaOf(sources, given, w);
  const first = sources.find((s) => !isMissingOrNull(s));
  const kind = first === undefined ? 'none' : nodeKind(first);
  if (kind !== 'none') {
    for (const s of sources) {
      if (!isMissingOrNull(s) && nodeKind(s) !== kind) {
        throw new KustomizeError(`wrong node kind: expected ${kindName(first)} but got ${kindName(s)}: at ${path.join('.') || '(root)'}`);
      }
    }
  }
  if (kind === 'seq') {
    const associative = schema !== undefined && schema.strategy.split(',').includes('merge');
    return associative ? walkAssociative(sources, schema, path, w) : visitList(sources[0], sources[1], false);
  }
  if (kind === 'scalar') return visitScalar(sources[0], sources[1]);
  return walkMap(sources, schema, path, w);
}

function walkMap(sources: [Node, Node], schema: WalkSchema | undefined, path: string[], w: Walk): Node {
  const dest = visitMap(sources[0], sources[1]);
  sources[0] = dest;
  if (dest === undefined || !isMap(dest)) return dest;
  const names = new Set<string>();
  for (const s of sources) if (isMap(s)) for (const k of Object.keys(s)) names.add(k);
  for (const key of [...names].sort(compareGo)) {
    const values: [Node, Node] = [getKey(dest, key), isMap(sources[1]) ? getKey(sources[1], key) : undefined];
    const value = walk(values, schema?.field(key), [...path, key], w);
    if (value === undefined || value === null) delete dest[key];
    else setKey(dest, key, value === KEPT_NULL ? null : value);
  }
  return dest;
}

function compareGo(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function walkAssociative(sources: [Node, Node], schema: WalkSchema, path: string[], w: Walk): Node {
  const dest = visitList(sources[0], sources[1], true);
  sources[0] = dest;
  if (dest === undefined || dest === null) return undefined;
  const keys = [...schema.keys];
  const values = elementValues(sources, keys);
  if (values.length !== 0 || keys.length > 0) return setElements(sources, schema, path, values, keys, dest, w);
  return setElements(sources, schema, path, primitiveValues(sources), [''], dest, w);
}

/** The key values of every item, the patch's first, each once. */
function elementValues(sources: readonly Node[], keys: readonly string[]): string[][] {
  const out: string[][] = [];
  const seen = new Set<string>();
  for (const src of [sources[1], sources[0]]) {
    if (src === undefined) continue;
    for (const values of elementValuesList(src, keys)) {
      const id = JSON.stringify(values);
      if (values.length === 0 || seen.has(id)) continue;
      out.push(values);
      seen.add(id);
    }
  }
  return out;
}

function primitiveValues(sources: readonly Node[]): string[][] {
  const out: string[][] = [];
  const seen = new Set<string>();
  for (const src of [sources[1], sources[0]]) {
    if (!Array.isArray(src)) continue;
    for (const item of src) {
      const text = scalarText(item);
      if (seen.has(text)) continue;
      out.push([text]);
      seen.add(text);
    }
  }
  return out;
}

function setElements(sources: [Node, Node], schema: WalkSchema, path: string[], valuesIn: string[][], keys: string[], destIn: Node, w: Walk): Node {
  let dest = destIn;
  const items: unknown[] = [];
  const elementSchema = schema.elements();
  const valuesList = keys.length > 1 ? mergeValues(valuesIn) : valuesIn;
  let validKeys: string[] = [];
  let validValues: string[] = [];
  for (const values of valuesList) {
    if (values.length === 0) continue;
    [validKeys, validValues] = validateKeys(valuesList, values, keys);
    const [k2, v2] = validateKeys([validValues], validValues, validKeys);
    const pair: [Node, Node] = [matchElement(sources[0], k2, v2), matchElement(sources[1], k2, v2)];
    let value = walk(pair, elementSchema, path, w);
    let exit = false;
    for (const [i, key] of validKeys.entries()) {
      if (value === undefined || value === null || value === KEPT_NULL || (isMap(value) && Object.keys(value).length === 0)) {
        if (Array.isArray(dest)) elementSetter(dest, undefined, validKeys, validValues);
        exit = true;
      } else if (validValues[i] !== '' && !(isMap(value) && Object.hasOwn(value, key))) {
        // kyaml sets the key's text as a new scalar, which ends up a string.
        const text = validValues[i] as string;
        if (isMap(value)) setKey(value, key, text);
        else if (key === '') value = text;
      }
    }
    if (exit) continue;
    elementSetter(items, value, validKeys, validValues);
  }
  if (valuesList.length > 0 && Array.isArray(dest)) dest = appendListNode(items, dest, validKeys);
  if (isMissingOrNull(dest)) return undefined;
  return dest;
}

/**
 * Merges `patch` into `target` (both top-level objects) as kustomize's patchesStrategicMerge and
 * strategic-merge `patches` do. Returns the merged object, or undefined when the patch deletes it.
 */
export function mergePatch(target: JsonMap, patch: JsonMap, lookup: SchemaLookup): JsonMap | undefined {
  const result = walk([target, patch], undefined, [], { lookup });
  if (result === undefined || result === null || result === KEPT_NULL) return undefined;
  return isMap(result) ? result : newMap();
}
