/**
 * Path elements of structured-merge-diff field paths and their FieldsV1 spelling:
 * `f:<field>`, `k:<json of the key fields>`, `v:<json of a set value>`, `i:<index>`.
 */
import type { JsonValue } from '../../sdk/types/meta.js';
import { compareStrings, compareValues, goJson, goValueString } from './go-json.js';
import { readJson } from '../../machinery/json-numbers.js';

/** One step of a field path. `key` is its FieldsV1 spelling and identifies it. */
export type PathElement =
  | { readonly type: 'f'; readonly key: string; readonly name: string }
  | { readonly type: 'k'; readonly key: string; readonly fields: readonly (readonly [string, JsonValue])[] }
  | { readonly type: 'v'; readonly key: string; readonly value: JsonValue }
  | { readonly type: 'i'; readonly key: string; readonly index: number };

/** A field path: the steps from the object root. */
export type FieldPath = readonly PathElement[];

const fieldCache = new Map<string, PathElement>();

/**
 * Only short spellings are cached: the caches outlive the objects they came from, and a client may
 * send field names or list keys of megabytes, which would otherwise stay in memory for good.
 */
const MAX_CACHED_KEY_LENGTH = 256;

/** The element selecting field (or map key) `name`. */
export function fieldElement(name: string): PathElement {
  let pe = fieldCache.get(name);
  if (pe === undefined) {
    pe = { type: 'f', key: `f:${name}`, name };
    if (fieldCache.size < 10_000 && name.length <= MAX_CACHED_KEY_LENGTH) fieldCache.set(name, pe);
  }
  return pe;
}

/** The element selecting the list item whose key fields have these values (sorted by name here). */
export function keyElement(fields: [string, JsonValue][]): PathElement {
  fields.sort((a, b) => compareStrings(a[0], b[0]));
  const body = fields.map(([name, value]) => `${goJson(name)}:${goJson(value)}`).join(',');
  return { type: 'k', key: `k:{${body}}`, fields };
}

/** The element selecting the set item equal to `value`. */
export function valueElement(value: JsonValue): PathElement {
  return { type: 'v', key: `v:${goJson(value)}`, value };
}

/** The element selecting the item at `index` (atomic lists; only used in error paths). */
export function indexElement(index: number): PathElement {
  return { type: 'i', key: `i:${index}`, index };
}

const TYPE_ORDER = { f: 0, k: 1, v: 2, i: 3 } as const;

/** structured-merge-diff's order of path elements: fields, then keys, then values, then indexes. */
export function comparePathElements(a: PathElement, b: PathElement): number {
  if (a.type !== b.type) return TYPE_ORDER[a.type] - TYPE_ORDER[b.type];
  switch (a.type) {
    case 'f':
      return compareStrings(a.name, (b as typeof a).name);
    case 'v':
      return compareValues(a.value, (b as typeof a).value);
    case 'i':
      return a.index - (b as typeof a).index;
    case 'k': {
      const other = (b as typeof a).fields;
      const n = Math.min(a.fields.length, other.length);
      for (let i = 0; i < n; i++) {
        const [an, av] = a.fields[i] as readonly [string, JsonValue];
        const [bn, bv] = other[i] as readonly [string, JsonValue];
        const c = compareStrings(an, bn);
        if (c !== 0) return c;
        const v = compareValues(av, bv);
        if (v !== 0) return v;
      }
      return a.fields.length - other.length;
    }
  }
}

/** The element's part of a printed path: `.name`, `[name="x"]`, `[="v"]`, `[0]`. */
export function pathElementString(pe: PathElement): string {
  switch (pe.type) {
    case 'f':
      return `.${pe.name}`;
    case 'k':
      return `[${pe.fields.map(([name, value]) => `${name}=${goValueString(value)}`).join(',')}]`;
    case 'v':
      return `[=${goValueString(pe.value)}]`;
    case 'i':
      return `[${pe.index}]`;
  }
}

/** A path as the apiserver prints it in conflicts: `.spec.containers[name="nginx"].image`. */
export function pathString(path: FieldPath): string {
  return path.map(pathElementString).join('');
}

// Keys recur in every managedFields decode of an object; parse each spelling once (bounded).
const parsed = new Map<string, PathElement>();

/** Parses a FieldsV1 key; undefined for a well-formed key of an unknown type (ignored, as the apiserver does). */
export function parsePathElement(key: string): PathElement | undefined {
  const hit = parsed.get(key);
  if (hit !== undefined) return hit;
  const pe = parseUncached(key);
  if (pe !== undefined && key.length <= MAX_CACHED_KEY_LENGTH) {
    if (parsed.size >= 100_000) parsed.clear();
    parsed.set(key, pe);
  }
  return pe;
}

function parseUncached(key: string): PathElement | undefined {
  if (key.length < 2) throw new Error('key must be 2 characters long:');
  if (key[1] !== ':') throw new Error(`missing colon: ${key}`);
  const body = key.slice(2);
  switch (key[0]) {
    case 'f':
      return fieldElement(body);
    case 'v':
      return valueElement(readJson(body));
    case 'i': {
      const index = Number(body);
      if (!Number.isInteger(index)) throw new Error(`strconv.Atoi: parsing ${JSON.stringify(body)}: invalid syntax`);
      return indexElement(index);
    }
    case 'k': {
      const parsed = readJson(body);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`key ${key} is not an object`);
      return keyElement(Object.entries(parsed).filter((entry): entry is [string, JsonValue] => entry[1] !== undefined));
    }
    default:
      return undefined;
  }
}
