/**
 * URL paths of resources: `/api/v1/...` for the core group, `/apis/<group>/<version>/...` for named
 * groups, with `namespaces/<ns>/` for namespaced ones and `/<name>/<subresource>` below.
 */
import type { GroupVersionResource } from '../types/meta.js';
import { groupVersionPath } from '../../machinery/group-version.js';

export { groupVersionPath };

/** Where a request goes. */
export interface ResourcePathParts extends GroupVersionResource {
  namespace?: string | undefined;
  name?: string | undefined;
  subresource?: string | undefined;
}

/** The path of a collection, an object or a sub-resource. */
export function resourcePath(parts: ResourcePathParts): string {
  let path = groupVersionPath(parts.group, parts.version);
  if (parts.namespace !== undefined && parts.namespace !== '') path += `/namespaces/${encodeURIComponent(parts.namespace)}`;
  path += `/${parts.resource}`;
  if (parts.name !== undefined && parts.name !== '') {
    path += `/${encodeURIComponent(parts.name)}`;
    if (parts.subresource !== undefined && parts.subresource !== '') path += `/${parts.subresource}`;
  }
  return path;
}
