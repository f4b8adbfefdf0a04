/**
 * A discovery responder for the recording server: serves a small, mutable set of groups either as
 * aggregated discovery (when asked for it and enabled) or as the legacy documents.
 */
import type { APIGroupDiscoveryList, APIResourceDiscovery } from '../../../../src/sdk/types/discovery.js';
import type { RecordedRequest, ScriptedResponse } from '../../../support/recording-server.js';

/** A resource as the fake server describes it. */
export interface FakeResource {
  name: string;
  singular: string;
  kind: string;
  namespaced: boolean;
  shortNames?: string[];
  categories?: string[];
  subresources?: string[];
}

/** A group with its versions (first = preferred). */
export interface FakeGroup {
  name: string;
  versions: { version: string; resources: FakeResource[] }[];
}

const r = (name: string, singular: string, kind: string, namespaced: boolean, extra: Partial<FakeResource> = {}): FakeResource => ({ name, singular, kind, namespaced, ...extra });

/** The default data set. */
export function defaultGroups(): FakeGroup[] {
  return [
    {
      name: '',
      versions: [{
        version: 'v1',
        resources: [
          r('configmaps', 'configmap', 'ConfigMap', true, { shortNames: ['cm'] }),
          r('pods', 'pod', 'Pod', true, { shortNames: ['po'], categories: ['all'], subresources: ['status', 'log'] }),
          r('events', 'event', 'Event', true, { shortNames: ['ev'] }),
          r('namespaces', 'namespace', 'Namespace', false, { shortNames: ['ns'] }),
          r('services', 'service', 'Service', true, { shortNames: ['svc'], categories: ['all'] }),
          r('nodes', 'node', 'Node', false, { shortNames: ['no'] }),
        ],
      }],
    },
    {
      name: 'apps',
      versions: [{
        version: 'v1',
        resources: [
          r('deployments', 'deployment', 'Deployment', true, { shortNames: ['deploy'], categories: ['all'], subresources: ['scale', 'status'] }),
          r('replicasets', 'replicaset', 'ReplicaSet', true, { shortNames: ['rs'], categories: ['all'] }),
        ],
      }],
    },
    { name: 'events.platform.io', versions: [{ version: 'v1', resources: [r('events', 'event', 'Event', true)] }] },
    {
      name: 'example.com',
      versions: [
        { version: 'v1', resources: [r('widgets', 'widget', 'Widget', true, { shortNames: ['wd'] })] },
        { version: 'v1beta1', resources: [r('widgets', 'widget', 'Widget', true, { shortNames: ['wd'] }), r('gadgets', 'gadget', 'Gadget', false)] },
      ],
    },
    { name: 'other.io', versions: [{ version: 'v1', resources: [r('widgets', 'widget', 'Widget', true, { shortNames: ['wd'] })] }] },
    { name: 'metrics.platform.io', versions: [{ version: 'v1beta1', resources: [r('pods', 'pod', 'PodMetrics', true), r('nodes', 'node', 'NodeMetrics', false)] }] },
  ];
}

const AGGREGATED_TYPE = 'application/json;g=apidiscovery.platform.io;v=v2;as=APIGroupDiscoveryList';

function gv(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}

function aggregated(groups: FakeGroup[], stale: string[]): APIGroupDiscoveryList {
  return {
    kind: 'APIGroupDiscoveryList',
    apiVersion: 'apidiscovery.platform.io/v2',
    items: groups.map((g) => ({
      metadata: { name: g.name },
      versions: g.versions.map((v) => ({
        version: v.version,
        freshness: stale.includes(gv(g.name, v.version)) ? 'Stale' as const : 'Current' as const,
        resources: v.resources.map((res): APIResourceDiscovery => {
          const out: APIResourceDiscovery = {
            resource: res.name, singularResource: res.singular, scope: res.namespaced ? 'Namespaced' : 'Cluster',
            responseKind: { group: g.name, version: v.version, kind: res.kind }, verbs: ['get', 'list', 'watch', 'create', 'delete'],
          };
          if (res.shortNames !== undefined) out.shortNames = res.shortNames;
          if (res.categories !== undefined) out.categories = res.categories;
          if (res.subresources !== undefined) out.subresources = res.subresources.map((s) => ({ subresource: s, verbs: ['get', 'patch'] }));
          return out;
        }),
      })),
    })),
  };
}

/** Options of {@link discoveryResponder}. */
export interface FakeDiscoveryOptions {
  /** Serve aggregated discovery when asked (default true). */
  aggregated?: boolean;
  /** Group versions whose legacy document fails with 503. */
  failing?: string[];
  /** Group versions aggregated discovery marks `Stale`. */
  stale?: string[];
}

/** A responder serving `groups()` (read on every request, so tests can change it). */
export function discoveryResponder(groups: () => FakeGroup[], options: FakeDiscoveryOptions = {}): (req: RecordedRequest) => ScriptedResponse {
  return (req) => {
    const all = groups();
    const wantsAggregated = options.aggregated !== false && (req.headers.accept ?? '').includes('as=APIGroupDiscoveryList');
    if (req.path === '/api' || req.path === '/apis') {
      const core = req.path === '/api';
      const selected = all.filter((g) => (g.name === '') === core);
      if (wantsAggregated) return { headers: { 'content-type': AGGREGATED_TYPE }, body: aggregated(selected, options.stale ?? []) };
      if (core) return { body: { kind: 'APIVersions', versions: selected.flatMap((g) => g.versions.map((v) => v.version)) } };
      return {
        body: {
          kind: 'APIGroupList', apiVersion: 'v1',
          groups: selected.map((g) => ({
            name: g.name,
            versions: g.versions.map((v) => ({ groupVersion: gv(g.name, v.version), version: v.version })),
            preferredVersion: { groupVersion: gv(g.name, g.versions[0]?.version ?? ''), version: g.versions[0]?.version ?? '' },
          })),
        },
      };
    }
    for (const g of all) {
      for (const v of g.versions) {
        const path = g.name === '' ? `/api/${v.version}` : `/apis/${g.name}/${v.version}`;
        if (req.path !== path) continue;
        if (options.failing?.includes(gv(g.name, v.version))) return { status: 503, headers: { 'content-type': 'text/plain' }, body: 'service unavailable' };
        return {
          body: {
            kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv(g.name, v.version),
            resources: v.resources.flatMap((res) => [
              { name: res.name, singularName: res.singular, namespaced: res.namespaced, kind: res.kind, verbs: ['get', 'list'], ...(res.shortNames ? { shortNames: res.shortNames } : {}), ...(res.categories ? { categories: res.categories } : {}) },
              ...(res.subresources ?? []).map((s) => ({ name: `${res.name}/${s}`, singularName: '', namespaced: res.namespaced, kind: res.kind, verbs: ['get'] })),
            ]),
          },
        };
      }
    }
    if (req.path === '/version') return { body: { major: '1', minor: '32', gitVersion: 'v1.32.0' } };
    return { status: 404, headers: { 'content-type': 'text/plain' }, body: '404 page not found' };
  };
}
