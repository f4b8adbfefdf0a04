import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small API server that answers what stock kubectl asks when it gets, lists and describes
 * objects: discovery, objects by path, lists (plain or as Tables, in pages with continue
 * tokens) and empty lists for every other collection. It speaks kubectl's `k8s.io` naming.
 * Only for differential tests of the printers; the real local server is tested elsewhere.
 */

/** A resource kubectl can discover. */
interface Resource {
  groupVersion: string;
  name: string;
  kind: string;
  namespaced: boolean;
  shortNames?: string[];
}

const RESOURCES: Resource[] = [
  { groupVersion: 'v1', name: 'pods', kind: 'Pod', namespaced: true, shortNames: ['po'] },
  { groupVersion: 'v1', name: 'nodes', kind: 'Node', namespaced: false, shortNames: ['no'] },
  { groupVersion: 'v1', name: 'services', kind: 'Service', namespaced: true, shortNames: ['svc'] },
  { groupVersion: 'v1', name: 'endpoints', kind: 'Endpoints', namespaced: true, shortNames: ['ep'] },
  { groupVersion: 'v1', name: 'events', kind: 'Event', namespaced: true, shortNames: ['ev'] },
  { groupVersion: 'v1', name: 'namespaces', kind: 'Namespace', namespaced: false, shortNames: ['ns'] },
  { groupVersion: 'v1', name: 'configmaps', kind: 'ConfigMap', namespaced: true, shortNames: ['cm'] },
  { groupVersion: 'v1', name: 'secrets', kind: 'Secret', namespaced: true },
  { groupVersion: 'v1', name: 'resourcequotas', kind: 'ResourceQuota', namespaced: true, shortNames: ['quota'] },
  { groupVersion: 'v1', name: 'limitranges', kind: 'LimitRange', namespaced: true, shortNames: ['limits'] },
  { groupVersion: 'apps/v1', name: 'deployments', kind: 'Deployment', namespaced: true, shortNames: ['deploy'] },
  { groupVersion: 'apps/v1', name: 'replicasets', kind: 'ReplicaSet', namespaced: true, shortNames: ['rs'] },
  { groupVersion: 'certificates.k8s.io/v1', name: 'certificatesigningrequests', kind: 'CertificateSigningRequest', namespaced: false, shortNames: ['csr'] },
  { groupVersion: 'coordination.k8s.io/v1', name: 'leases', kind: 'Lease', namespaced: true },
  { groupVersion: 'discovery.k8s.io/v1', name: 'endpointslices', kind: 'EndpointSlice', namespaced: true },
  { groupVersion: 'networking.k8s.io/v1', name: 'ingresses', kind: 'Ingress', namespaced: true, shortNames: ['ing'] },
  { groupVersion: 'networking.k8s.io/v1', name: 'ingressclasses', kind: 'IngressClass', namespaced: false },
  { groupVersion: 'storage.k8s.io/v1', name: 'storageclasses', kind: 'StorageClass', namespaced: false, shortNames: ['sc'] },
  { groupVersion: 'autoscaling/v2', name: 'horizontalpodautoscalers', kind: 'HorizontalPodAutoscaler', namespaced: true, shortNames: ['hpa'] },
  { groupVersion: 'example.com/v1', name: 'widgets', kind: 'Widget', namespaced: true, shortNames: ['wg'] },
];

/** What the server holds, by URL path. */
export interface FakeApiState {
  /** Objects (GET by name). */
  objects?: Record<string, unknown>;
  /** Collections: pages of plain lists and pages of Tables. */
  lists?: Record<string, { json?: unknown[]; tables?: unknown[] }>;
}

/** A running fake server. */
export interface FakeApiServer {
  url: string;
  /** Requests seen, as `METHOD path?query`. */
  requests: string[];
  close(): Promise<void>;
}

/** Options of {@link startFakeApiServer}. */
export interface FakeApiOptions {
  /** Renames the group versions it serves (to speak `platform.io` naming to our CLI). */
  renameGroupVersion?: (groupVersion: string) => string;
}

function listKind(resources: readonly Resource[], path: string): { kind: string; apiVersion: string } | undefined {
  const parts = path.split('/').filter((p) => p !== '');
  const name = parts[parts.length - 1] ?? '';
  const r = resources.find((x) => x.name === name);
  return r ? { kind: `${r.kind}List`, apiVersion: r.groupVersion } : undefined;
}

function discovery(served: readonly Resource[], path: string): unknown {
  if (path === '/api') return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' }] };
  if (path === '/apis') {
    const groups = [...new Set(served.map((r) => r.groupVersion).filter((gv) => gv.includes('/')))].map((gv) => {
      const [name = '', version = ''] = gv.split('/');
      return { name, versions: [{ groupVersion: gv, version }], preferredVersion: { groupVersion: gv, version } };
    });
    return { kind: 'APIGroupList', apiVersion: 'v1', groups };
  }
  const m = /^\/(?:api\/(v1)|apis\/([^/]+\/[^/]+))$/.exec(path);
  if (!m) return undefined;
  const gv = m[1] ?? m[2] ?? '';
  const resources = served.filter((r) => r.groupVersion === gv).map((r) => ({
    name: r.name,
    singularName: r.kind.toLowerCase(),
    namespaced: r.namespaced,
    kind: r.kind,
    verbs: ['get', 'list', 'watch'],
    ...(r.shortNames ? { shortNames: r.shortNames } : {}),
  }));
  return resources.length > 0 ? { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv, resources } : undefined;
}

function fieldValue(item: unknown, path: string): string {
  let v: unknown = item;
  for (const part of path.split('.')) v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[part] : undefined;
  return v === undefined || v === null ? '' : String(v);
}

/** `a.b=x,c!=y` as the API server applies field selectors to the fields it indexes. */
function matchesFieldSelector(item: unknown, selector: string): boolean {
  return selector.split(',').every((term) => {
    const ne = term.indexOf('!=');
    if (ne >= 0) return fieldValue(item, term.slice(0, ne)) !== term.slice(ne + 2);
    const eq = term.indexOf('=');
    const key = term.slice(0, eq);
    const value = term.slice(eq + (term[eq + 1] === '=' ? 2 : 1));
    return fieldValue(item, key) === value;
  });
}

/** Starts the server on 127.0.0.1 and a free port. */
export async function startFakeApiServer(state: FakeApiState, options: FakeApiOptions = {}): Promise<FakeApiServer> {
  const rename = options.renameGroupVersion ?? ((gv: string): string => gv);
  const resources = RESOURCES.map((r) => ({ ...r, groupVersion: rename(r.groupVersion) }));
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${req.method ?? 'GET'} ${url.pathname}${url.search}`);
    const send = (code: number, body: unknown): void => {
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = url.pathname;
    const disc = discovery(resources, path);
    if (disc !== undefined) return send(200, disc);
    const wantsTable = (req.headers.accept ?? '').includes('as=Table');
    const list = state.lists?.[path];
    if (list !== undefined) {
      const pages = (wantsTable && list.tables ? list.tables : list.json) ?? [];
      const index = Number(url.searchParams.get('continue') ?? '0');
      const page = structuredClone(pages[index] ?? {}) as { metadata?: Record<string, unknown>; items?: unknown[] };
      const selector = url.searchParams.get('fieldSelector');
      if (selector && Array.isArray(page.items)) page.items = page.items.filter((item) => matchesFieldSelector(item, selector));
      if (index + 1 < pages.length) page.metadata = { ...(page.metadata ?? {}), continue: String(index + 1) };
      return send(200, page);
    }
    const object = state.objects?.[path];
    if (object !== undefined) return send(200, object);
    const kind = listKind(resources, path);
    if (kind !== undefined) return send(200, { ...kind, metadata: { resourceVersion: '1' }, items: [] });
    return send(404, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `${path} not found`, reason: 'NotFound', code: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
