/**
 * The discovery model the SDK works with, whichever way the server described itself (aggregated or
 * legacy documents): groups in server order with their preferred version, and every resource of
 * every served group version.
 */
import type { APIGroupList, APIResourceList } from '../types/discovery.js';
import { apiVersionOf } from '../../machinery/group-version.js';

/** One served group. */
export interface DiscoveredGroup {
  /** `''` for the core group. */
  name: string;
  /** Served versions, most preferred first as the server listed them. */
  versions: string[];
  preferredVersion: string;
}

/** One resource of one group version. */
export interface DiscoveredResource {
  group: string;
  version: string;
  /** Plural URL name. */
  resource: string;
  singular: string;
  kind: string;
  namespaced: boolean;
  verbs: string[];
  shortNames: string[];
  categories: string[];
  /** Sub-resource names (`status`, `scale`, ...). */
  subresources: string[];
}

/** Everything discovery found. */
export interface DiscoverySnapshot {
  /** Core group first, then named groups in server order. */
  groups: DiscoveredGroup[];
  /** Resources in group order, then version order. */
  resources: DiscoveredResource[];
  /** Group versions whose documents could not be fetched, with the reason. */
  failed: { groupVersion: string; message: string }[];
}

/** The legacy documents a snapshot is stored as (kubectl's disk cache layout). */
export interface LegacyDiscovery {
  /** All groups, the core group (`name: ''`) first. */
  groupList: APIGroupList;
  resourceLists: APIResourceList[];
  failed: { groupVersion: string; message: string }[];
}

/** `apps/v1` -> `{ group: 'apps', version: 'v1' }`; `v1` -> core. */
export function splitGroupVersion(groupVersion: string): { group: string; version: string } {
  const slash = groupVersion.lastIndexOf('/');
  return slash < 0 ? { group: '', version: groupVersion } : { group: groupVersion.slice(0, slash), version: groupVersion.slice(slash + 1) };
}


/** Builds the flat model from legacy documents. */
export function snapshotFromLegacy(legacy: LegacyDiscovery): DiscoverySnapshot {
  const groups: DiscoveredGroup[] = legacy.groupList.groups.map((g) => {
    const versions = g.versions.map((v) => v.version);
    return { name: g.name, versions, preferredVersion: g.preferredVersion?.version ?? versions[0] ?? '' };
  });
  const byGroupVersion = new Map<string, APIResourceList>();
  for (const list of legacy.resourceLists) byGroupVersion.set(list.groupVersion, list);
  const resources: DiscoveredResource[] = [];
  for (const group of groups) {
    for (const version of group.versions) {
      const list = byGroupVersion.get(apiVersionOf({ group: group.name, version }));
      if (list === undefined) continue;
      const subresources = new Map<string, string[]>();
      for (const r of list.resources) {
        const slash = r.name.indexOf('/');
        if (slash < 0) continue;
        const parent = r.name.slice(0, slash);
        subresources.set(parent, [...(subresources.get(parent) ?? []), r.name.slice(slash + 1)]);
      }
      for (const r of list.resources) {
        if (r.name.includes('/')) continue;
        resources.push({
          group: group.name,
          version,
          resource: r.name,
          // Old servers leave singularName empty; kubectl then uses the lower-cased kind.
          singular: r.singularName !== '' ? r.singularName : r.kind.toLowerCase(),
          kind: r.kind,
          namespaced: r.namespaced,
          verbs: r.verbs ?? [],
          shortNames: r.shortNames ?? [],
          categories: r.categories ?? [],
          subresources: subresources.get(r.name) ?? [],
        });
      }
    }
  }
  return { groups, resources, failed: legacy.failed };
}
