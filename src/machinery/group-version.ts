/**
 * apimachinery's `GroupVersion.String()`: the `apiVersion` of a group and version.
 */

/** `apps/v1`, or `v1` for the core group (`''`). */
export function apiVersionOf(gv: { readonly group: string; readonly version: string }): string {
  return gv.group === '' ? gv.version : `${gv.group}/${gv.version}`;
}
