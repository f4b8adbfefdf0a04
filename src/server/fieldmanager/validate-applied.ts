/** Checks an applied configuration the way the apiserver does before merging it. */
import type { KubeObject } from '../../sdk/types/meta.js';
import { isJsonObject } from '../../machinery/json/values.js';
import { parseApiVersion } from '../../machinery/group-version.js';

/** The `group/version, Kind=kind` spelling of a type in apiserver messages. */
export function gvkString(apiVersion: string, kind: string): string {
  const { group, version } = parseApiVersion(apiVersion);
  return `${group}/${version}, Kind=${kind}`;
}

/**
 * The reason an applied object cannot be applied (400 Bad Request), or undefined. With `expected`,
 * the object's apiVersion and kind must match the endpoint's.
 */
export function validateAppliedObject(applied: KubeObject, expected?: { apiVersion: string; kind: string }): string | undefined {
  if (!isJsonObject(applied)) return 'the applied configuration must be an object';
  const apiVersion = typeof applied.apiVersion === 'string' ? applied.apiVersion : '';
  const kind = typeof applied.kind === 'string' ? applied.kind : '';
  if (expected !== undefined && (apiVersion !== expected.apiVersion || kind !== expected.kind)) {
    return `invalid object type: ${gvkString(apiVersion, kind)}`;
  }
  const metadata = applied.metadata;
  if (isJsonObject(metadata) && metadata.managedFields !== undefined && metadata.managedFields !== null) {
    return 'metadata.managedFields must be nil';
  }
  return undefined;
}
