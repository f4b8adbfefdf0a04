/**
 * client-go's csaupgrade, which kubectl's `apply --server-side` runs after its apply patch: the
 * fields that client-side apply owned (an Update manager that owns the last-applied annotation)
 * become the server-side apply manager's, so that the next server-side apply may remove them,
 * and the last-applied annotation is kept by a manager of its own. Pure functions of the object's
 * managedFields (FieldsV1 sets as nested JSON objects).
 */
import type { JsonObject, KubeObject, ManagedFieldsEntry } from '../types/meta.js';
import { isJsonObject } from '../../machinery/json/values.js';

/** The FieldsV1 path of an annotation (`f:metadata` → `f:annotations` → `f:<key>`). */
export function annotationPath(key: string): string[] {
  return ['f:metadata', 'f:annotations', `f:${key}`];
}

function hasPath(fields: JsonObject | undefined, path: readonly string[]): boolean {
  let node: unknown = fields;
  for (const step of path) {
    if (!isJsonObject(node) || !Object.hasOwn(node, step)) return false;
    node = node[step];
  }
  return true;
}

/** csaupgrade.FindFieldsOwners: the entries of `operation` whose fields hold `path`. */
export function fieldsOwners(entries: readonly ManagedFieldsEntry[], operation: 'Apply' | 'Update', path: readonly string[]): ManagedFieldsEntry[] {
  return entries.filter((e) => e.operation === operation && hasPath(e.fieldsV1, path));
}

/** The union of two FieldsV1 sets. */
function unionFields(a: JsonObject | undefined, b: JsonObject | undefined): JsonObject {
  const out: JsonObject = {};
  for (const source of [a ?? {}, b ?? {}]) {
    for (const [key, value] of Object.entries(source)) {
      const current = Object.hasOwn(out, key) ? out[key] : undefined;
      out[key] = isJsonObject(current) && isJsonObject(value) ? unionFields(current, value) : isJsonObject(value) ? unionFields(undefined, value) : current ?? value;
    }
  }
  return out;
}

const isCsaEntry = (name: string) => (e: ManagedFieldsEntry): boolean => e.manager === name && e.operation === 'Update' && (e.subresource ?? '') === '';

/** csaupgrade's upgradedManagedFields for one client-side manager. */
function upgradedManagedFields(entries: ManagedFieldsEntry[], csaManager: string, ssaManager: string): ManagedFieldsEntry[] {
  const fields = entries.map((e) => ({ ...e }));
  let target = fields.findIndex((e) => e.manager === ssaManager && e.operation === 'Apply' && (e.subresource ?? '') === '');
  if (target < 0) {
    // No server-side manager yet: the newest client-side entry (they are sorted newest first) becomes it.
    target = fields.findIndex(isCsaEntry(csaManager));
    if (target < 0) return fields;
    fields[target] = { ...fields[target], operation: 'Apply', manager: ssaManager };
  }
  const ssa = fields[target] as ManagedFieldsEntry;
  const csa = fields.find((e) => isCsaEntry(csaManager)(e) && e.apiVersion === ssa.apiVersion);
  if (csa !== undefined) fields[target] = { ...ssa, fieldsV1: unionFields(ssa.fieldsV1, csa.fieldsV1) };
  return fields.filter((e) => !isCsaEntry(csaManager)(e));
}

/**
 * csaupgrade.UpgradeManagedFieldsPatch: a JSON patch that gives the fields of the client-side
 * managers to `ssaManager` (and sets the resourceVersion, so that a concurrent change conflicts),
 * or undefined when there is nothing to migrate.
 */
export function upgradeManagedFieldsPatch(object: KubeObject, csaManagers: ReadonlySet<string>, ssaManager: string): unknown[] | undefined {
  const original = object.metadata?.managedFields ?? [];
  let upgraded: ManagedFieldsEntry[] = [...original];
  for (const name of csaManagers) upgraded = upgradedManagedFields(upgraded, name, ssaManager);
  if (JSON.stringify(upgraded) === JSON.stringify(original)) return undefined;
  return [
    { op: 'replace', path: '/metadata/managedFields', value: upgraded },
    // "replace", not "test": a stale version is a 409 from the store, not a 422.
    { op: 'replace', path: '/metadata/resourceVersion', value: object.metadata?.resourceVersion ?? '' },
  ];
}
