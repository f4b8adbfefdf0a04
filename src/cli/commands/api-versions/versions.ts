/**
 * metav1's `ExtractGroupVersions` followed by Go's `sort.Strings`: every group version of every
 * served group (`v1` for the core group), in byte order.
 */
import type { DiscoveredGroup } from '../../../sdk/discovery/model.js';

/** The sorted `group/version` strings of `groups`. */
export function versionsOf(groups: readonly Pick<DiscoveredGroup, 'name' | 'versions'>[]): string[] {
  const all = groups.flatMap((g) => g.versions.map((v) => (g.name === '' ? v : `${g.name}/${v}`)));
  return all.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
