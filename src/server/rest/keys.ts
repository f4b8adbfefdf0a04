/**
 * Storage keys of objects: `<namespace>/<name>` for namespaced kinds, `<name>` otherwise, so that
 * a namespace is a key prefix and keys sort as the API server lists objects.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ResourceDef } from '../registry/types.js';
import { apiVersionOf } from '../registry/types.js';
import { setKey } from '../util/json.js';

/** The key of an object of `def`. */
export function objectKey(def: ResourceDef, namespace: string, name: string): string {
  return def.namespaced ? `${namespace}/${name}` : name;
}

/** The key prefix selecting one namespace, or undefined for all. */
export function namespacePrefix(def: ResourceDef, namespace: string): string | undefined {
  return def.namespaced && namespace !== '' ? `${namespace}/` : undefined;
}

/**
 * A stored object as the requested version serves it. Custom resources are stored in their storage
 * version and converted (strategy None: only `apiVersion` changes); stored values are frozen, so a
 * changed object is a shallow copy.
 */
export function fromStorage(def: ResourceDef, stored: JsonObject): JsonObject {
  const value = def.hooks.toVersion === undefined ? stored : def.hooks.toVersion(stored);
  const apiVersion = apiVersionOf(def);
  if (value.apiVersion === apiVersion && value.kind === def.kind) return value;
  return { ...value, apiVersion, kind: def.kind };
}

/** ObjectMeta fields in the order the API server writes them. */
const META_ORDER = ['name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields'];

/** True when the keys of `first` that `obj` has come before all others, in that order. */
function ordered(obj: JsonObject, first: readonly string[]): boolean {
  let last = -1;
  let other = false;
  for (const k of Object.keys(obj)) {
    const pos = first.indexOf(k);
    if (pos < 0) {
      other = true;
      continue;
    }
    if (other || pos < last) return false;
    last = pos;
  }
  return true;
}

function reorder(obj: JsonObject, first: readonly string[]): void {
  if (ordered(obj, first)) return;
  const entries = Object.entries(obj);
  for (const k of Object.keys(obj)) delete obj[k];
  for (const k of first) {
    const e = entries.find(([key]) => key === k);
    if (e !== undefined && e[1] !== undefined) setKey(obj, k, e[1]);
  }
  for (const [k, v] of entries) if (!first.includes(k) && v !== undefined) setKey(obj, k, v);
}

/**
 * ObjectMeta's maps and lists are `omitempty` in the API server's Go types: removing the last label
 * leaves no `labels: {}` behind, and clients never see empty ones.
 */
const OMIT_EMPTY_META = ['labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields'];

function dropEmpty(meta: JsonObject): void {
  for (const key of OMIT_EMPTY_META) {
    const v = meta[key];
    if (v === null || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0)) delete meta[key];
  }
}

/**
 * An object as it is stored (custom resources in their storage version), with `kind`,
 * `apiVersion`, `metadata` first and metadata fields in the API server's order, so answers read
 * like a real server's.
 */
export function toStorage(def: ResourceDef, obj: JsonObject): JsonObject {
  const storageVersion = def.custom?.storageVersion;
  obj.kind = def.kind;
  obj.apiVersion = storageVersion === undefined ? apiVersionOf(def) : apiVersionOf({ group: def.group, version: storageVersion });
  const meta = obj.metadata;
  if (typeof meta === 'object' && meta !== null && !Array.isArray(meta)) {
    dropEmpty(meta);
    reorder(meta, META_ORDER);
  }
  reorder(obj, ['kind', 'apiVersion', 'metadata']);
  return obj;
}
