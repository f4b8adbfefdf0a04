/**
 * Naming and locating manifest objects: `configmap/foo` as results print them, `configmaps "foo"`
 * as errors do, the group and version of an apiVersion, and the identity key used to match
 * objects across an apply (pruning, diffs).
 */
import type { KubeObject } from '../types/meta.js';

/** `apps/v1` → `{ group: 'apps', version: 'v1' }`; `v1` → the core group. */
export function splitApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.lastIndexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/** `configmap/foo`, `deployment.apps/web`: how apply, create and delete name an object in results. */
export function describeObject(object: KubeObject): string {
  const kind = (object.kind ?? '').toLowerCase();
  const { group } = splitApiVersion(object.apiVersion ?? '');
  return `${group === '' ? kind : `${kind}.${group}`}/${object.metadata?.name ?? ''}`;
}

/** A key that identifies an object across API versions of its group: group, kind, namespace, name. */
export function objectKey(object: KubeObject, namespace: string | undefined): string {
  const { group } = splitApiVersion(object.apiVersion ?? '');
  return [group, object.kind ?? '', namespace ?? '', object.metadata?.name ?? ''].join('\u0000');
}
