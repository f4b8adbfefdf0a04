/**
 * Fetches discovery from the server: aggregated discovery on `/api` and `/apis` (one request each)
 * when the server speaks it, else the legacy `/api`, `/apis` and one document per group version.
 * The result is kept in the legacy shape, which is also what the disk cache stores.
 */
import { StatusError } from '../errors.js';
import type { RestClient } from '../rest/rest-client.js';
import { AGGREGATED_DISCOVERY_ACCEPT } from '../rest/media-types.js';
import type {
  APIGroup, APIGroupDiscovery, APIGroupDiscoveryList, APIGroupList, APIResource, APIResourceList, APIVersions,
} from '../types/discovery.js';
import { apiVersionOf } from '../../machinery/group-version.js';
import type { LegacyDiscovery } from './model.js';

// How many group-version documents are fetched at once in legacy discovery.
const LEGACY_CONCURRENCY = 8;

function isAggregated(value: unknown): value is APIGroupDiscoveryList {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'APIGroupDiscoveryList'
    && Array.isArray((value as { items?: unknown }).items);
}

/**
 * Converts aggregated groups into legacy group list entries and resource lists. A version the
 * server marks `Stale` (an aggregated API that did not answer) is reported as failed, as kubectl does.
 */
function fromAggregated(items: APIGroupDiscovery[], groups: APIGroup[], lists: APIResourceList[], failed: LegacyDiscovery['failed']): void {
  for (const item of items) {
    const name = item.metadata?.name ?? '';
    const versions = (item.versions ?? []).map((v) => ({ groupVersion: apiVersionOf({ group: name, version: v.version }), version: v.version }));
    if (versions.length === 0) continue;
    const group: APIGroup = { name, versions };
    if (versions[0] !== undefined) group.preferredVersion = versions[0];
    groups.push(group);
    for (const v of item.versions ?? []) {
      if (v.freshness === 'Stale') {
        const groupVersion = apiVersionOf({ group: name, version: v.version });
        failed.push({ groupVersion, message: `stale GroupVersion discovery: ${groupVersion}` });
        continue;
      }
      const resources: APIResource[] = [];
      for (const r of v.resources ?? []) {
        const kind = r.responseKind?.kind ?? '';
        const entry: APIResource = { name: r.resource, singularName: r.singularResource, namespaced: r.scope === 'Namespaced', kind, verbs: r.verbs };
        if (r.shortNames !== undefined && r.shortNames.length > 0) entry.shortNames = r.shortNames;
        if (r.categories !== undefined && r.categories.length > 0) entry.categories = r.categories;
        resources.push(entry);
        for (const sub of r.subresources ?? []) {
          resources.push({ name: `${r.resource}/${sub.subresource}`, singularName: '', namespaced: r.scope === 'Namespaced', kind: sub.responseKind?.kind ?? kind, verbs: sub.verbs });
        }
      }
      lists.push({ kind: 'APIResourceList', apiVersion: 'v1', groupVersion: apiVersionOf({ group: name, version: v.version }), resources });
    }
  }
}

async function getJson(rest: RestClient, path: string, accept: string | undefined, signal: AbortSignal | undefined): Promise<unknown> {
  const req: Parameters<RestClient['request']>[0] = { method: 'GET', path };
  if (accept !== undefined) req.accept = accept;
  if (signal !== undefined) req.signal = signal;
  return (await rest.request(req)).json<unknown>();
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

/** Fetches everything the server serves, in the legacy shape. */
export async function fetchDiscovery(rest: RestClient, signal?: AbortSignal): Promise<LegacyDiscovery> {
  const [api, apis] = await Promise.all([
    getJson(rest, '/api', AGGREGATED_DISCOVERY_ACCEPT, signal),
    getJson(rest, '/apis', AGGREGATED_DISCOVERY_ACCEPT, signal).catch((err: unknown) => {
      // A server with only the core group may not serve /apis at all.
      if (err instanceof StatusError && err.code === 404) return { kind: 'APIGroupList', groups: [] } satisfies APIGroupList;
      throw err;
    }),
  ]);
  const groups: APIGroup[] = [];
  const lists: APIResourceList[] = [];
  const pending: string[] = [];
  const failed: LegacyDiscovery['failed'] = [];

  if (isAggregated(api)) {
    fromAggregated(api.items, groups, lists, failed);
  } else {
    const versions = (api as APIVersions).versions ?? [];
    if (versions.length > 0) {
      const gvs = versions.map((v) => ({ groupVersion: v, version: v }));
      const core: APIGroup = { name: '', versions: gvs };
      if (gvs[0] !== undefined) core.preferredVersion = gvs[0];
      groups.push(core);
      pending.push(...versions);
    }
  }
  if (isAggregated(apis)) {
    fromAggregated(apis.items, groups, lists, failed);
  } else {
    for (const g of (apis as APIGroupList).groups ?? []) {
      groups.push(g);
      pending.push(...g.versions.map((v) => v.groupVersion));
    }
  }

  const fetched = await mapLimited(pending, LEGACY_CONCURRENCY, async (groupVersion) => {
    const path = groupVersion.includes('/') ? `/apis/${groupVersion}` : `/api/${groupVersion}`;
    try {
      return (await getJson(rest, path, undefined, signal)) as APIResourceList;
    } catch (err) {
      // kubectl goes on without a group version that fails (an unavailable aggregated API).
      if (err instanceof StatusError) {
        failed.push({ groupVersion, message: err.message });
        return undefined;
      }
      throw err;
    }
  });
  for (const list of fetched) if (list !== undefined) lists.push(list);
  return { groupList: { kind: 'APIGroupList', apiVersion: 'v1', groups }, resourceLists: lists, failed };
}
