/**
 * Who owns each field of an object, read from its `managedFields` (`blame`). Each manager's
 * FieldsV1 set is walked alongside the object: a map key is `f:<name>`; a list item is found by
 * the form the set uses for that list (`k:{...}` by its key fields, `v:<json>` by its value,
 * `i:<n>` by its position); a node the manager owns itself (not only below it) carries `.`.
 */
import { jsonEqual } from '../../machinery/json/equal.js';
import { isJsonObject } from '../../machinery/json/values.js';
import type { FieldOwner, OwnedField } from '../types/field-ownership.js';
import type { JsonObject, JsonValue, KubeObject } from '../types/meta.js';

export type { FieldOwner, OwnedField } from '../types/field-ownership.js';

interface ManagerSet {
  owner: FieldOwner;
  fields: JsonObject | undefined;
  /** The manager owns an atomic map or list above (its set ends there as `{}`): everything below is its. */
  whole: boolean;
}

/** The FieldsV1 node of list item `index` with value `item`, in one manager's list node. */
function itemNode(list: JsonObject, index: number, item: JsonValue): JsonObject | undefined {
  for (const [key, node] of Object.entries(list)) {
    if (!isJsonObject(node)) continue;
    if (key === `i:${index}`) return node;
    if (key.startsWith('v:')) {
      try {
        if (jsonEqual(JSON.parse(key.slice(2)), item)) return node;
      } catch {
        continue;
      }
    }
    if (key.startsWith('k:') && isJsonObject(item)) {
      let fields: unknown;
      try {
        fields = JSON.parse(key.slice(2));
      } catch {
        continue;
      }
      if (isJsonObject(fields) && Object.entries(fields).every(([f, v]) => jsonEqual(item[f], v))) return node;
    }
  }
  return undefined;
}

function pathText(path: readonly (string | number)[]): string {
  let out = '';
  for (const step of path) {
    if (typeof step === 'number') out += `[${step}]`;
    else if (/^[A-Za-z0-9_-]+$/.test(step)) out += out === '' ? step : `.${step}`;
    else out += `[${JSON.stringify(step)}]`;
  }
  return out;
}

/**
 * The owners of a node: managers whose set has it as a leaf, marks it with `.`, or ends at it
 * with `{}` (an atomic map or list, owned whole), or that own an atomic node above it.
 */
function ownersOf(sets: readonly ManagerSet[], leaf: boolean): FieldOwner[] {
  return sets.filter((s) => s.whole || (s.fields !== undefined && (leaf || Object.hasOwn(s.fields, '.') || Object.keys(s.fields).length === 0))).map((s) => s.owner);
}

/** The sets one level down, along `step` (a map key, or a list item found by `find`). */
function descend(sets: readonly ManagerSet[], find: (fields: JsonObject) => JsonObject | undefined): ManagerSet[] {
  return sets.map((s) => {
    const whole = s.whole || (s.fields !== undefined && Object.keys(s.fields).length === 0);
    return { owner: s.owner, whole, fields: whole || s.fields === undefined ? undefined : find(s.fields) };
  });
}

function walk(value: JsonValue, path: (string | number)[], sets: readonly ManagerSet[], out: OwnedField[]): void {
  const empty = (Array.isArray(value) && value.length === 0) || (isJsonObject(value) && Object.keys(value).length === 0);
  const leaf = !isJsonObject(value) && !Array.isArray(value) ? true : empty;
  if (path.length > 0) out.push({ path: [...path], pathText: pathText(path), value, leaf, owners: ownersOf(sets, leaf) });
  if (isJsonObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (child === undefined) continue;
      if (path.length === 1 && path[0] === 'metadata' && key === 'managedFields') continue;
      walk(child, [...path, key], descend(sets, (fields) => {
        const next = fields[`f:${key}`];
        return isJsonObject(next) ? next : undefined;
      }), out);
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      walk(item, [...path, i], descend(sets, (fields) => itemNode(fields, i, item)), out);
    });
  }
}

/**
 * Every node of `object` (but `metadata.managedFields`) in document order, with the managers that
 * own it. Fields no manager owns (what the server sets: `uid`, `resourceVersion`...) have none.
 */
export function fieldOwnership(object: KubeObject): OwnedField[] {
  const sets: ManagerSet[] = (object.metadata?.managedFields ?? []).map((m) => ({
    owner: {
      manager: m.manager ?? '',
      operation: m.operation ?? '',
      ...(m.time === undefined ? {} : { time: m.time }),
      ...(m.subresource === undefined || m.subresource === '' ? {} : { subresource: m.subresource }),
    },
    fields: isJsonObject(m.fieldsV1) ? m.fieldsV1 as JsonObject : undefined,
    whole: false,
  }));
  const out: OwnedField[] = [];
  walk(object as JsonValue, [], sets, out);
  return out;
}
