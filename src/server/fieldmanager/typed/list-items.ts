/** Identity of list items: the `k:` key of a map-list item, the `v:` value of a set item. */
import type { JsonValue } from '../../../sdk/types/meta.js';
import type { ListSchema } from '../../../sdk/types/schema/index.js';
import type { PathElement } from '../path-element.js';
import { keyElement, valueElement } from '../path-element.js';
import { isObject } from './node.js';

// Items are walked several times per request (merge, prune, compare); their keys are computed once.
const keyCache = new WeakMap<object, { list: ListSchema; pe: PathElement }>();

/** The path element of a list item, or an error text as structured-merge-diff words it. */
export function listItemElement(list: ListSchema, item: JsonValue): PathElement | string {
  if (isObject(item)) {
    const cached = keyCache.get(item);
    if (cached !== undefined && cached.list === list) return cached.pe;
    const pe = computeElement(list, item);
    if (typeof pe !== 'string') keyCache.set(item, { list, pe });
    return pe;
  }
  return computeElement(list, item);
}

function computeElement(list: ListSchema, item: JsonValue): PathElement | string {
  const keys = list.listMapKeys ?? [];
  if (list.listType === 'map' && keys.length > 0) {
    if (item === null) return 'associative list with keys may not have a null element';
    if (!isObject(item)) return 'associative list with keys may not have non-map elements';
    const fields: [string, JsonValue][] = [];
    for (const name of keys) {
      const value = Object.hasOwn(item, name) ? item[name] : undefined;
      if (value !== undefined) {
        fields.push([name, value]);
        continue;
      }
      const fallback = list.keyDefaults !== undefined && Object.hasOwn(list.keyDefaults, name) ? list.keyDefaults[name] : undefined;
      if (fallback === undefined) return `associative list with keys has an element that omits key field ${JSON.stringify(name)} (and doesn't have default value)`;
      fields.push([name, fallback]);
    }
    return keyElement(fields);
  }
  if (isObject(item)) return "associative list without keys has an element that's a map type";
  if (Array.isArray(item)) return 'not supported: associative list with lists as elements';
  if (item === null) return "associative list without keys has an element that's an explicit null";
  return valueElement(item);
}

/** Items of a list grouped by identity, in first-seen order; items without identity are skipped. */
export interface IndexedItems {
  order: PathElement[];
  byKey: Map<string, JsonValue[]>;
}

export function indexItems(list: ListSchema, items: readonly JsonValue[] | null | undefined): IndexedItems {
  const order: PathElement[] = [];
  const byKey = new Map<string, JsonValue[]>();
  if (items === null || items === undefined) return { order, byKey };
  for (const item of items) {
    const pe = listItemElement(list, item);
    if (typeof pe === 'string') continue;
    const existing = byKey.get(pe.key);
    if (existing === undefined) {
      byKey.set(pe.key, [item]);
      order.push(pe);
    } else {
      existing.push(item);
    }
  }
  return { order, byKey };
}
