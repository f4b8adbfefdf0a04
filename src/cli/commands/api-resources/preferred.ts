/**
 * client-go's `ServerPreferredResources` over the SDK's discovery snapshot: for every group and
 * resource, the resource of the group's preferred version, or, when the preferred version does
 * not serve it, of the first version (in server order) that does.
 */
import type { DiscoveredResource, DiscoverySnapshot } from '../../../sdk/discovery/model.js';

/**
 * One resource per group and resource name, in kubectl's order before sorting: group by group in
 * server order, version by version, resources within a version in discovery order.
 */
export function preferredResources(snapshot: Pick<DiscoverySnapshot, 'groups' | 'resources'>): DiscoveredResource[] {
  const byGroupVersion = new Map<string, DiscoveredResource[]>();
  for (const r of snapshot.resources) {
    const key = `${r.group}/${r.version}`;
    const list = byGroupVersion.get(key);
    if (list === undefined) byGroupVersion.set(key, [r]);
    else list.push(r);
  }
  const chosen = new Map<string, DiscoveredResource>();
  for (const group of snapshot.groups) {
    for (const version of group.versions) {
      for (const r of byGroupVersion.get(`${group.name}/${version}`) ?? []) {
        const key = `${group.name}/${r.resource}`;
        // Only the preferred version replaces a resource an earlier version already provided.
        if (chosen.has(key) && version !== group.preferredVersion) continue;
        chosen.set(key, r);
      }
    }
  }
  const picked = new Set(chosen.values());
  const out: DiscoveredResource[] = [];
  for (const group of snapshot.groups) {
    for (const version of group.versions) {
      for (const r of byGroupVersion.get(`${group.name}/${version}`) ?? []) if (picked.has(r)) out.push(r);
    }
  }
  return out;
}
