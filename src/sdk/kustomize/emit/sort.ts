/**
 * Output order: kustomize's legacy order by default (Namespaces, quotas, storage classes and CRDs
 * first, webhook configurations last, the rest by group, version and kind, then by namespace and
 * name), or the order of the input with `sortOptions: {order: fifo}`. `legacySortOptions` can
 * change the lists of kinds placed first and last.
 */
import { KustomizeError } from '../errors.js';
import type { SortOptions } from '../load/kustomization.js';
import { LEGACY_ORDER_FIRST, LEGACY_ORDER_LAST, gvkEquals, gvkString, kindRank, type Gvk, type ResId } from '../model/resid.js';
import type { Resource } from '../model/resource.js';

function gvkSortString(g: Gvk): string {
  return [g.group || '~G', g.version || '~V', g.kind || '~K'].join('_');
}

function idSortString(id: ResId): string {
  return [gvkString(id.gvk), id.namespace || '~X', id.name || '~N'].join('|');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorts in kustomize's legacy order. */
export function legacySort(resources: readonly Resource[], first: readonly string[] = LEGACY_ORDER_FIRST, last: readonly string[] = LEGACY_ORDER_LAST): Resource[] {
  const keyed = resources.map((r) => ({ r, id: r.curId() }));
  keyed.sort((x, y) => {
    const a = x.id;
    const b = y.id;
    if (!gvkEquals(a.gvk, b.gvk)) {
      const ra = kindRank(a.gvk.kind, first, last);
      const rb = kindRank(b.gvk.kind, first, last);
      if (ra !== rb) return ra - rb;
      const bothNamespaces = a.gvk.kind === 'Namespace' && b.gvk.kind === 'Namespace' && (a.gvk.group === '' || b.gvk.group === '');
      return bothNamespaces ? compare(gvkSortString(b.gvk), gvkSortString(a.gvk)) : compare(gvkSortString(a.gvk), gvkSortString(b.gvk));
    }
    return compare(idSortString(a), idSortString(b));
  });
  return keyed.map((k) => k.r);
}

/** Applies the kustomization's `sortOptions` (legacy order when it has none). */
export function sortResources(resources: readonly Resource[], options: SortOptions | undefined): Resource[] {
  if (options === undefined) return legacySort(resources);
  const order = options.order ?? '';
  if (order !== 'fifo' && order !== 'legacy') throw new KustomizeError("the field 'sortOptions.order' must be one of [fifo, legacy]");
  if (order === 'fifo') {
    if (options.legacySortOptions !== undefined) throw new KustomizeError("the field 'sortOptions.legacySortOptions' is set but the selected sort order is 'fifo', not 'legacy'");
    return [...resources];
  }
  const legacy = options.legacySortOptions;
  return legacy === undefined ? legacySort(resources) : legacySort(resources, legacy.orderFirst ?? [], legacy.orderLast ?? []);
}
