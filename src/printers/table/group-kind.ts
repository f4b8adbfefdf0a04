import { parseApiVersion } from '../../machinery/group-version.js';

/** A kind and its API group (`''` for the core group). */
export interface GroupKind {
  group: string;
  kind: string;
}

/** The API group of an `apiVersion` (`apps/v1` is `apps`, `v1` is the core group `''`). */
export function groupOfApiVersion(apiVersion: string | undefined): string {
  return parseApiVersion(apiVersion ?? '').group;
}

/**
 * A group and kind as kubectl prefixes names with it: lower-cased `kind` for the core group,
 * `kind.group` otherwise (`configmap`, `deployment.apps`, `customresourcedefinition.apiextensions.platform.io`).
 */
export function formatGroupKind(gk: GroupKind): string {
  return (gk.group ? `${gk.kind}.${gk.group}` : gk.kind).toLowerCase();
}
