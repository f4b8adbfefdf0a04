/**
 * The filters and the order of `api-resources`, as kubectl applies them: resources without verbs
 * are dropped, `--api-group` and `--namespaced` filter only when given on the command line,
 * `--verbs` and `--categories` keep resources that have all of the listed values, and the result
 * is sorted stably by group (default), name or kind, ties broken by name.
 */
import type { DiscoveredResource } from '../../../sdk/discovery/model.js';

/** What `api-resources` filters and sorts by. */
export interface ResourceSelection {
  /** `--api-group` when given (`''` is the core group). */
  apiGroup?: string;
  /** `--namespaced` when given. */
  namespaced?: boolean;
  verbs: readonly string[];
  categories: readonly string[];
  /** `''` (by group), `name` or `kind`. */
  sortBy: '' | 'name' | 'kind';
}

function hasAll(have: readonly string[], want: readonly string[]): boolean {
  return want.every((w) => have.includes(w));
}

// Go's strings.Compare: byte order, which for the ASCII names of the API is code unit order.
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortKey(r: DiscoveredResource, sortBy: ResourceSelection['sortBy']): string {
  return sortBy === 'name' ? r.resource : sortBy === 'kind' ? r.kind : r.group;
}

/** Filters and sorts the preferred resources. */
export function selectResources(resources: readonly DiscoveredResource[], selection: ResourceSelection): DiscoveredResource[] {
  const kept = resources.filter((r) => {
    if (r.verbs.length === 0) return false;
    if (selection.apiGroup !== undefined && selection.apiGroup !== r.group) return false;
    if (selection.namespaced !== undefined && selection.namespaced !== r.namespaced) return false;
    if (!hasAll(r.verbs, selection.verbs)) return false;
    return hasAll(r.categories, selection.categories);
  });
  // Array.prototype.sort is stable, as Go's sort.Stable.
  return kept.sort((a, b) => compare(sortKey(a, selection.sortBy), sortKey(b, selection.sortBy)) || compare(a.resource, b.resource));
}
