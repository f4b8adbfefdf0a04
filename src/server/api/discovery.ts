/**
 * Discovery documents: `/api`, `/apis`, `/apis/<group>`, the resource lists of each group version,
 * and aggregated discovery (`apidiscovery.platform.io` v2 and v2beta1) on `/api` and `/apis`.
 * Documents are rebuilt when the registry changes (a CRD is established or removed).
 */
import { createHash } from 'node:crypto';
import type { APIGroup, APIGroupDiscovery, APIGroupDiscoveryList, APIGroupList, APIResource, APIResourceDiscovery, APIResourceList, APIVersions } from '../../sdk/types/discovery.js';
import { GROUPS } from '../../sdk/naming.js';
import type { Registry } from '../registry/registry.js';
import type { ResourceDef } from '../registry/types.js';
import { apiVersionOf } from '../../machinery/group-version.js';

/** `storageVersionHash`: base64 of the first 8 bytes of sha256("group/version/kind"). */
export function storageVersionHash(group: string, version: string, kind: string): string {
  return createHash('sha256').update(`${group}/${version}/${kind}`).digest().subarray(0, 8).toString('base64');
}

function byName<T>(items: T[], name: (t: T) => string): T[] {
  return [...items].sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));
}

/** `/api`. */
export function apiVersions(serverAddress: string): APIVersions {
  return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
}

function apiGroup(registry: Registry, name: string): APIGroup | undefined {
  const g = registry.groups().find((x) => x.name === name);
  if (g === undefined || name === '') return undefined;
  const versions = g.versions.map((v) => ({ groupVersion: apiVersionOf({ group: name, version: v }), version: v }));
  const preferred = versions[0];
  const out: APIGroup = { name, versions };
  if (preferred !== undefined) out.preferredVersion = preferred;
  return out;
}

/** `/apis`. */
export function apiGroupList(registry: Registry): APIGroupList {
  const groups: APIGroup[] = [];
  for (const g of registry.groups()) {
    const group = apiGroup(registry, g.name);
    if (group !== undefined) groups.push(group);
  }
  return { kind: 'APIGroupList', apiVersion: 'v1', groups };
}

/** `/apis/<group>`. */
export function apiGroupDocument(registry: Registry, name: string): (APIGroup & { kind: string; apiVersion: string }) | undefined {
  const g = apiGroup(registry, name);
  return g === undefined ? undefined : { kind: 'APIGroup', apiVersion: 'v1', ...g };
}

function resourceEntries(def: ResourceDef): APIResource[] {
  const main: APIResource = {
    name: def.plural, singularName: def.singular, namespaced: def.namespaced, kind: def.kind, verbs: [...def.verbs],
  };
  if (def.shortNames.length > 0) main.shortNames = [...def.shortNames];
  if (def.categories.length > 0) main.categories = [...def.categories];
  main.storageVersionHash = storageVersionHash(def.group, def.custom?.storageVersion ?? def.version, def.kind);
  const subs = def.subresources.map((s) => {
    const e: APIResource = { name: `${def.plural}/${s.name}`, singularName: '', namespaced: def.namespaced, kind: s.responseKind.kind, verbs: [...s.verbs] };
    if (s.responseKind.group !== def.group || s.responseKind.version !== def.version) {
      e.group = s.responseKind.group;
      e.version = s.responseKind.version;
    }
    return e;
  });
  return [main, ...subs];
}

/** `/api/v1` or `/apis/<group>/<version>`. */
export function apiResourceList(registry: Registry, group: string, version: string): APIResourceList | undefined {
  const defs = registry.resourcesOf(group, version);
  if (defs.length === 0) return undefined;
  const resources = byName(defs.flatMap(resourceEntries), (r) => r.name);
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: apiVersionOf({ group, version }), resources };
}

function discoveryResource(def: ResourceDef): APIResourceDiscovery {
  const r: APIResourceDiscovery = {
    resource: def.plural,
    responseKind: { group: def.group, version: def.version, kind: def.kind },
    scope: def.namespaced ? 'Namespaced' : 'Cluster',
    singularResource: def.singular,
    verbs: [...def.verbs],
  };
  if (def.shortNames.length > 0) r.shortNames = [...def.shortNames];
  if (def.categories.length > 0) r.categories = [...def.categories];
  if (def.subresources.length > 0) {
    r.subresources = byName(def.subresources, (s) => s.name).map((s) => ({
      subresource: s.name,
      responseKind: { group: s.responseKind.group, version: s.responseKind.version, kind: s.responseKind.kind },
      verbs: [...s.verbs],
    }));
  }
  return r;
}

/** The aggregated discovery document of the core group (`/api`) or the named groups (`/apis`). */
export function aggregatedDiscovery(registry: Registry, core: boolean, version: 'v2' | 'v2beta1'): APIGroupDiscoveryList {
  const items: APIGroupDiscovery[] = [];
  for (const g of registry.groups()) {
    if ((g.name === '') !== core) continue;
    const metadata: { name?: string; creationTimestamp: null } = { creationTimestamp: null };
    if (g.name !== '') metadata.name = g.name;
    items.push({
      metadata: metadata as unknown as { name?: string },
      versions: g.versions.map((v) => ({
        version: v,
        resources: byName(registry.resourcesOf(g.name, v), (d) => d.plural).map(discoveryResource),
        freshness: 'Current',
      })),
    });
  }
  return { kind: 'APIGroupDiscoveryList', apiVersion: `${GROUPS.apidiscovery}/${version}`, metadata: {}, items };
}

/** An ETag for a discovery document (clients revalidate with If-None-Match). */
export function etagOf(text: string): string {
  return `"${createHash('sha512').update(text).digest('hex').slice(0, 64).toUpperCase()}"`;
}
