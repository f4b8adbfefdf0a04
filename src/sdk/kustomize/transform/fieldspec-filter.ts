/**
 * Walking a field spec's path through an object and acting on what it reaches (kustomize's
 * `fieldspec.Filter`): lists along the path are walked element by element, missing fields are
 * created when the spec says `create: true` (as maps on the way, as the given kind at the end),
 * and null values on a created path become empty values.
 */
import { fsGvk, splitFieldPath, type FieldSpec } from '../config/fieldspec.js';
import { KustomizeError } from '../errors.js';
import { getKey, isMap, newMap, setKey, type JsonMap } from '../model/json.js';
import { parseGroupVersion, resIdString, type ResId } from '../model/resid.js';

/** A place in an object: read it, or replace what is there. */
export interface NodeRef {
  get(): unknown;
  set(value: unknown): void;
}

/** What a transformer does at the end of a path. */
export type SetFn = (ref: NodeRef) => void;

/** The kind of node to create at the end of a path: a scalar (names, namespaces) or a map (labels). */
export type CreateKind = 'scalar' | 'map' | undefined;

function keyRef(map: JsonMap, key: string): NodeRef {
  return { get: () => getKey(map, key), set: (value) => setKey(map, key, value) };
}

function indexRef(list: unknown[], index: number): NodeRef {
  return { get: () => list[index], set: (value) => { list[index] = value; } };
}

/** Whether the spec's group, version and kind select the object. */
export function fieldSpecMatches(fs: FieldSpec, object: JsonMap): boolean {
  const gvk = fsGvk(fs);
  const kind = typeof object.kind === 'string' ? object.kind : '';
  if (gvk.kind && gvk.kind !== kind) return false;
  const { group, version } = parseGroupVersion(typeof object.apiVersion === 'string' ? object.apiVersion : '');
  if (gvk.group && gvk.group !== group) return false;
  if (gvk.version && gvk.version !== version) return false;
  return true;
}

function walk(ref: NodeRef, path: readonly string[], fs: FieldSpec, set: SetFn, createKind: CreateKind): void {
  if (path.length === 0) {
    set(ref);
    return;
  }
  const node = ref.get();
  if (node === null || node === undefined) return;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) walk(indexRef(node, i), path, fs, set, createKind);
    return;
  }
  if (!isMap(node)) throw new KustomizeError('expected sequence or mapping node');
  const part = path[0] as string;
  const isSeq = part.endsWith('[]');
  const name = isSeq ? part.slice(0, -2) : part;
  if (name === '') throw new KustomizeError('cannot set or create an empty field name');
  const create = fs.create === true && createKind !== undefined && !isSeq;
  const kind: CreateKind | 'seq' = isSeq ? 'seq' : !create ? undefined : path.length <= 1 ? createKind : 'map';
  if (!Object.hasOwn(node, name)) {
    if (!create) return;
    setKey(node, name, kind === 'map' ? newMap() : '');
  } else if (getKey(node, name) === null && create) {
    setKey(node, name, kind === 'map' ? newMap() : '');
  }
  walk(keyRef(node, name), path.slice(1), fs, set, createKind);
}

/**
 * Applies `set` at every place `fs` reaches in `object` (when the spec selects the object's kind).
 * Errors name the field and the object, as kustomize's do.
 */
export function applyFieldSpec(object: JsonMap, id: () => ResId, fs: FieldSpec, set: SetFn, createKind: CreateKind): void {
  if (!fieldSpecMatches(fs, object)) return;
  const path = splitFieldPath(fs.path);
  const root: NodeRef = { get: () => object, set: () => undefined };
  try {
    walk(root, path, fs, set, createKind);
  } catch (err) {
    throw new KustomizeError(`considering field '${fs.path}' of object ${resIdString(id())}: ${(err as Error).message}`);
  }
}

/** kyaml's `FieldSetter` with no name: the node must be a scalar; its value is replaced. */
export function setScalar(ref: NodeRef, value: string): void {
  const current = ref.get();
  if (Array.isArray(current) || isMap(current)) throw new KustomizeError(`wrong node kind: expected ScalarNode but got ${Array.isArray(current) ? 'SequenceNode' : 'MappingNode'}`);
  ref.set(value);
}

/** kyaml's `FieldSetter` with a name: the node must be a map; the entry is set. */
export function setEntry(ref: NodeRef, key: string, value: string): void {
  const current = ref.get();
  if (!isMap(current)) throw new KustomizeError(`wrong node kind: expected MappingNode but got ${Array.isArray(current) ? 'SequenceNode' : 'ScalarNode'}`);
  setKey(current, key, value);
}
