/**
 * The FieldsV1 encoding of a field set, byte for byte as the apiserver writes it: keys in
 * path-element order (fields, then keys, then values), leaves as `{}`, and a node that is both
 * owned and has owned children carrying `".": {}` before its children.
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { FieldSet } from './field-set.js';
import type { PathElement } from './path-element.js';
import { comparePathElements, parsePathElement } from './path-element.js';
import { deepFreeze } from '../storage/values.js';

function emit(set: FieldSet, includeSelf: boolean): JsonObject {
  const out: JsonObject = {};
  const keys = new Map<string, PathElement>();
  for (const [key, pe] of set.members) keys.set(key, pe);
  for (const [key, child] of set.children) keys.set(key, child.pe);
  const ordered = [...keys.values()].sort(comparePathElements);
  if (includeSelf && ordered.length > 0) out['.'] = {};
  for (const pe of ordered) {
    const child = set.children.get(pe.key);
    if (child === undefined) out[pe.key] = {};
    else out[pe.key] = emit(child.set, set.members.has(pe.key));
  }
  return out;
}

// Decoding and encoding dominate writes to large objects. Managers whose fields a write does not
// change keep their (immutable) set, so the encoded object is reused for them; and an object read
// back from storage decodes from the very objects encoded before. Encoded objects are frozen so
// that sharing them between stored versions is safe.
const encoded = new WeakMap<FieldSet, JsonObject>();
const decoded = new WeakMap<object, FieldSet>();

/** The FieldsV1 object of a set (frozen). */
export function toFieldsV1(set: FieldSet): JsonObject {
  const hit = encoded.get(set);
  if (hit !== undefined) return hit;
  const out = deepFreeze(emit(set, false));
  encoded.set(set, out);
  decoded.set(out, set);
  return out;
}

function read(value: JsonValue | undefined): { children: FieldSet | undefined; isMember: boolean } {
  let children: FieldSet | undefined;
  let isMember = false;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '.') {
        isMember = true;
        continue;
      }
      const pe = parsePathElement(key);
      if (pe === undefined) continue;
      const inner = read(item);
      if (inner.isMember) {
        children ??= new FieldSet();
        children.addMember(pe);
      }
      if (inner.children !== undefined) {
        children ??= new FieldSet();
        children.addChild(pe, inner.children);
      }
    }
  }
  if (children === undefined) isMember = true;
  return { children, isMember };
}

/** Parses a FieldsV1 object; throws with the decoder's message when a key is malformed. */
export function fromFieldsV1(fields: JsonValue | undefined): FieldSet {
  if (fields !== null && typeof fields === 'object') {
    const hit = decoded.get(fields);
    if (hit !== undefined) return hit;
  }
  const set = read(fields).children ?? new FieldSet();
  // Only frozen inputs can be cached: a mutable object could change behind the cache.
  if (fields !== null && typeof fields === 'object' && Object.isFrozen(fields)) decoded.set(fields, set);
  return set;
}
