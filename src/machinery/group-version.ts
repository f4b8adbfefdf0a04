/**
 * apimachinery's GroupVersion as `apiVersion` text: written (`GroupVersion.String()`) and read.
 */

/** `apps/v1`, or `v1` for the core group (`''`). */
export function apiVersionOf(gv: { readonly group: string; readonly version: string }): string {
  return gv.group === '' ? gv.version : `${gv.group}/${gv.version}`;
}

/**
 * The REST path of a group version: `/api/v1` for the core group, `/apis/<group>/<version>` for
 * the others (without its leading `/`, the key of the group version in `/openapi/v3`).
 */
export function groupVersionPath(group: string, version: string): string {
  return group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
}

/** apimachinery's `ParseGroupVersion` of a well-formed `apiVersion`: `apps/v1` → `apps`, `v1`; `v1` → the core group. */
export function parseApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}
