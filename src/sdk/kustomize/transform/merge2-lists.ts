/**
 * The list operations of kustomize's merge walk (kyaml's `ElementSetter`, `ElementMatcher`,
 * `ElementValuesList` and the associative-sequence helpers), on JSON arrays. Items are matched by
 * the text of their key fields; the multi-key rules (`mergeValues`, `validateKeys`) are kyaml's,
 * quirks included, because they decide the order and content of merged lists such as ports.
 */
import { KustomizeError } from '../errors.js';
import { getKey, isMap, isMissingOrNull, isNilOrEmpty, scalarText } from '../model/json.js';

/** kyaml's `match`: two key tuples agree where both are set, and share at least one value. */
function match(a: readonly string[], b: readonly string[]): [boolean, string[]] {
  if (a.length !== b.length) return [false, []];
  let common = false;
  const out: string[] = [];
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x === y) {
      common = true;
      out.push(x);
      continue;
    }
    if (x !== '' && y !== '') return [false, []];
    out.push(x !== '' ? x : y);
  }
  return [common, out];
}

/** kyaml's `mergeValues`: fills in missing key values from tuples that agree with them. */
export function mergeValues(list: string[][]): string[][] {
  for (let i = 0; i < list.length; i++) {
    const a = list[i] as string[];
    for (let j = 0; j < list.length; j++) {
      const [ok, merged] = match(a, list[j] as string[]);
      if (ok) {
        list[i] = merged;
        list[j] = merged;
      }
    }
  }
  return list;
}

/** kyaml's `validateKeys`: the keys some tuple has a value for, and this tuple's values for them. */
export function validateKeys(all: readonly string[][], values: readonly string[], keys: readonly string[]): [string[], string[]] {
  const valid = new Set<string>();
  for (const tuple of all) tuple.forEach((v, i) => { if (v !== '') valid.add(keys[i] as string); });
  if (valid.size === 0) return [[...keys], [...values]];
  return [keys.filter((k) => valid.has(k)), values.filter((v, i) => v !== '' || valid.has(keys[i] as string))];
}

/** Text of field `key` of an item for matching: '' when the item is not a map or the value is empty. */
function fieldText(item: unknown, key: string): string {
  if (!isMap(item)) return '';
  const value = getKey(item, key);
  return isNilOrEmpty(value) ? '' : scalarText(value);
}

/** kyaml's `ElementValuesList`: each item's key values. */
export function elementValuesList(list: unknown, keys: readonly string[]): string[][] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => keys.map((key) => fieldText(item, key)));
}

/** kyaml's `MatchElementList`: the first item whose key fields have exactly these texts. */
export function matchElement(list: unknown, keys: readonly string[], values: readonly string[]): unknown {
  if (!Array.isArray(list)) return undefined;
  const ks = keys.length === 0 ? [''] : keys;
  const vs = values.length === 0 ? [''] : values;
  if (ks[0] === '') return list.find((item) => scalarText(item) === vs[0]);
  if (ks.length !== vs.length) throw new KustomizeError('length of keys must equal length of values when MatchAnyValue is false');
  return list.find((item) => isMap(item) && ks.every((k, i) => Object.hasOwn(item, k) && scalarText(getKey(item, k)) === vs[i]));
}

/** kyaml's `FieldMatcher` as ElementSetter uses it: does the item have the field (with this text)? */
function fieldMatches(item: unknown, name: string, value: string): boolean {
  if (name === '') {
    if (Array.isArray(item) || isMap(item)) throw new KustomizeError(`wrong node kind: expected ScalarNode but got ${Array.isArray(item) ? 'SequenceNode' : 'MappingNode'}`);
    return scalarText(item) === value;
  }
  if (!isMap(item)) throw new KustomizeError(`wrong node kind: expected MappingNode but got ${Array.isArray(item) ? 'SequenceNode' : 'ScalarNode'}`);
  if (!Object.hasOwn(item, name)) return false;
  return value === '' || scalarText(getKey(item, name)) === value;
}

/**
 * kyaml's `ElementSetter` on `list` (edited in place): the items matching the keys are replaced
 * by `element`, or removed when it is undefined; `element` is appended when nothing matched.
 * Null and empty-map items are dropped on the way. Returns the element.
 */
export function elementSetter(list: unknown[], element: unknown, keysIn: readonly string[], values: readonly string[]): unknown {
  const keys = keysIn.length === 0 ? [''] : keysIn;
  const mappingSetter = keys[0] !== '' && values.length > 0 && values[0] !== '';
  const kept: unknown[] = [];
  let matched = false;
  for (const item of list) {
    if (isMissingOrNull(item) || (isMap(item) && Object.keys(item).length === 0)) continue;
    if (!isMap(item) && mappingSetter) {
      kept.push(item);
      continue;
    }
    let found = true;
    let last = false;
    for (let j = 0; j < keys.length; j++) {
      if (j < values.length) last = fieldMatches(item, keys[j] as string, values[j] as string);
      if (!last) {
        found = false;
        break;
      }
    }
    if (!found) {
      if (values.length > 0) kept.push(item);
      continue;
    }
    matched = true;
    if (element === undefined) continue;
    kept.push(element);
  }
  list.length = 0;
  list.push(...kept);
  if (isMissingOrNull(element)) return undefined;
  if (!matched) list.push(element);
  return element;
}

/**
 * kyaml's `appendListNode` (prepend mode: `dst` holds the merged items, `src` is the target's
 * list): the target's items are put in `dst`, replacing the merged item with the same keys.
 */
export function appendListNode(dst: unknown[], src: readonly unknown[], keys: readonly string[]): unknown[] {
  for (const elem of [...src]) {
    if (keys[0] === '') {
      elementSetter(dst, elem, [''], [scalarText(elem)]);
      continue;
    }
    const values: string[] = [];
    for (const key of keys) {
      if (isMissingOrNull(elem)) {
        dst.push(elem);
        continue;
      }
      if (!isMap(elem)) throw new KustomizeError(`wrong node kind: expected MappingNode but got ${Array.isArray(elem) ? 'SequenceNode' : 'ScalarNode'}`);
      if (!Object.hasOwn(elem, key)) {
        dst.push(elem);
        continue;
      }
      values.push(scalarText(getKey(elem, key)));
    }
    if (keys.length > 1) elementSetter(dst, undefined, keys, values);
    elementSetter(dst, elem, keys, values);
  }
  return dst;
}
