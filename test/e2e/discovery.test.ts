/**
 * Golden transcripts of the discovery commands (`api-resources`, `api-versions`, `cluster-info`,
 * `cluster-info dump`): each scenario runs against a fresh in-process local server with a fixed
 * clock, runs the CLI in-process (width 120, NO_COLOR unless a step turns color on) and must
 * equal test/golden/discovery/<scenario>.txt. Rewrite them with UPDATE_GOLDEN=1 after review.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { arrayAt, at } from '../support/api.js';
import { assertGolden, normalize, openWorkspace, runStep, type Step, type Workspace } from './writes-golden.js';

const CRD = {
  apiVersion: 'apiextensions.platform.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.stable.example.com' },
  spec: {
    group: 'stable.example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', shortNames: ['wd', 'wdg'], categories: ['all', 'example'] },
    versions: [
      { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-platform-preserve-unknown-fields': true } } },
      { name: 'v1beta1', served: true, storage: false, schema: { openAPIV3Schema: { type: 'object', 'x-platform-preserve-unknown-fields': true } } },
    ],
  },
};

/**
 * Values that vary between runs beyond what `normalize` replaces: generated names, allocated IPs,
 * and the server's port (the target port of the API server's own service in `default`).
 */
function normalizeMore(text: string, ws: Workspace): string {
  const port = new URL(ws.server.url).port;
  return text
    .replace(new RegExp(`(targetPort"?:\\s*)${port}\\b`, 'g'), '$1<server-port>')
    .replace(/kube-api-access-[a-z0-9]+/g, 'kube-api-access-<id>')
    .replace(/\b10\.\d+\.\d+\.\d+\b/g, (ip) => (ip === '10.96.0.1' ? ip : '<cluster-ip>'));
}

/** Every file under `dir` (sorted, relative) with its content, for `--output-directory` steps. */
async function tree(dir: string): Promise<string> {
  const files: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(join(d, e.name));
      else files.push(join(d, e.name));
    }
  };
  await walk(dir);
  files.sort();
  let out = '';
  for (const f of files) out += `=== ${relative(dir, f)}\n${await readFile(f, 'utf8')}`;
  return out;
}

type Setup = (ws: Workspace) => Promise<void>;

/** A CLI step, or an action between steps that returns its transcript line. */
type ScenarioStep = Step | ((ws: Workspace) => Promise<string>);

/** Runs `setup` and the steps in a fresh workspace; `after` adds sections (file trees) to the transcript. */
async function scenario(name: string, steps: ScenarioStep[], setup?: Setup, after?: (ws: Workspace) => Promise<string>): Promise<void> {
  const ws = await openWorkspace();
  try {
    if (setup !== undefined) await setup(ws);
    let out = '';
    for (const step of steps) out += typeof step === 'function' ? await step(ws) : await runStep(ws, step);
    if (after !== undefined) out += await after(ws);
    await assertGolden('discovery', name, normalizeMore(normalize(out, ws), ws));
  } finally {
    await ws.close();
  }
}

async function created(ws: Workspace, path: string, body: unknown): Promise<void> {
  const res = await ws.api.post(path, body);
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text}`);
}

/** Waits until the server serves `path` (a CRD becomes served shortly after it is created). */
async function served(ws: Workspace, path: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await ws.api.get(path)).status === 200) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} is not served`);
}

// The steps narrow to a group, so that the goldens do not change whenever the server learns a new
// kind; whole tables are compared with kubectl's (discovery-kubectl.test.ts) and with the
// server's discovery documents (below).
const RBAC = '--api-group=rbac.authorization.platform.io';

test('api-resources: the table, wide, name and header options', async () => {
  await scenario('api-resources', [
    { cli: ['api-resources', '--api-group=apps'] },
    { cli: ['api-resources', '-o', 'wide', '--api-group=apps'] },
    { cli: ['api-resources', '-o', 'name', '--api-group=batch'] },
    { cli: ['api-resources', '--no-headers', '--api-group=apps'] },
    { cli: ['api-resources', '--no-headers', '-o', 'wide', '--api-group=apps'] },
    { cli: ['api-resources', '-o', 'name', '--no-headers', '--api-group=apps'] },
  ]);
});

test('api-resources: filters and sorting', async () => {
  await scenario('api-resources-filters', [
    { cli: ['api-resources', '--namespaced=false', RBAC] },
    { cli: ['api-resources', '--namespaced', RBAC], note: 'a bare --namespaced is --namespaced=true' },
    { cli: ['api-resources', '--api-group=apps'] },
    { cli: ['api-resources', '--api-group=', '--verbs=deletecollection', '--namespaced=false'], note: 'an empty group is the core group' },
    { cli: ['api-resources', '--verbs=create,deletecollection', '--api-group=batch'] },
    { cli: ['api-resources', '--verbs', 'list', '--verbs=watch', '--api-group=batch'], note: 'repeated --verbs add up' },
    { cli: ['api-resources', '--verbs=get,escalate'], note: 'no resource has every verb: only the header' },
    { cli: ['api-resources', '--sort-by=name', RBAC] },
    { cli: ['api-resources', '--sort-by=kind', '-o', 'wide', RBAC] },
    { cli: ['api-resources', '--sort-by', 'kind', '-o', 'name', RBAC] },
  ]);
});

test('api-resources: a custom resource, --categories, and --cached against the disk cache', async () => {
  await scenario('api-resources-crd', [
    { cli: ['api-resources', '--api-group=stable.example.com'], note: 'fills the discovery cache before the CRD exists' },
    async (ws) => {
      await created(ws, '/apis/apiextensions.platform.io/v1/customresourcedefinitions', CRD);
      await served(ws, '/apis/stable.example.com/v1/widgets');
      return '(created the CRD widgets.stable.example.com)\n\n';
    },
    { cli: ['api-resources', '--cached', '--api-group=stable.example.com', '--no-headers'], note: '--cached still reads the old cache' },
    { cli: ['api-resources', '--api-group=stable.example.com'], note: 'without --cached the server is asked (and the cache refreshed)' },
    { cli: ['api-resources', '--cached', '--api-group=stable.example.com'], note: '--cached now finds it in the refreshed cache' },
    { cli: ['api-resources', '--categories=example', '-o', 'wide'] },
    { cli: ['api-resources', '--categories', 'all', '--categories=example', '-o', 'name'] },
    { cli: ['api-resources', '--categories=all,missing'], note: 'every category must match' },
  ]);
});

test('api-resources and api-versions: bad invocations', async () => {
  await scenario('api-resources-usage', [
    { cli: ['api-resources', '-o', 'json'] },
    { cli: ['api-resources', '-o', 'yaml'] },
    { cli: ['api-resources', '--sort-by=age'] },
    { cli: ['api-resources', 'pods'] },
    { cli: ['api-resources', 'pods', 'nodes'] },
    { cli: ['api-versions', 'extra'] },
  ]);
});

/**
 * The served group versions, and every resource with verbs (`resource.group`, one per group
 * whatever the number of versions serving it), read from the server's legacy discovery documents.
 */
async function legacyDiscovery(ws: Workspace): Promise<{ versions: string[]; names: string[] }> {
  const groups: { name: string; versions: string[] }[] = [{ name: '', versions: arrayAt((await ws.api.get('/api')).body, 'versions').map(String) }];
  for (const g of arrayAt((await ws.api.get('/apis')).body, 'groups')) {
    groups.push({ name: String(at(g, 'name')), versions: arrayAt(g, 'versions').map((v) => String(at(v, 'groupVersion'))) });
  }
  const names = new Set<string>();
  for (const g of groups) {
    for (const gv of g.versions) {
      for (const r of arrayAt((await ws.api.get(g.name === '' ? `/api/${gv}` : `/apis/${gv}`)).body, 'resources')) {
        const name = String(at(r, 'name'));
        if (!name.includes('/') && arrayAt(r, 'verbs').length > 0) names.add(g.name === '' ? name : `${name}.${g.name}`);
      }
    }
  }
  return { versions: groups.flatMap((g) => g.versions), names: [...names] };
}

test('api-versions and api-resources -o name: everything the server serves', async () => {
  const ws = await openWorkspace();
  try {
    await created(ws, '/apis/apiextensions.platform.io/v1/customresourcedefinitions', CRD);
    await served(ws, '/apis/stable.example.com/v1beta1/widgets');
    const { versions, names } = await legacyDiscovery(ws);
    const run = async (args: string[]): Promise<string> => {
      const r = await runStep(ws, { cli: args });
      assert.match(r, /\nexit: 0\n/, r);
      return r.slice(r.indexOf('--- stdout\n') + 11, r.indexOf('--- stderr\n'));
    };
    const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
    assert.ok(versions.includes('stable.example.com/v1beta1'));
    assert.equal(await run(['api-versions']), [...versions].sort(byteOrder).map((v) => `${v}\n`).join(''));
    assert.deepEqual((await run(['api-resources', '-o', 'name'])).split('\n').filter((l) => l !== '').sort(), [...names].sort());
  } finally {
    await ws.close();
  }
});

test('discovery commands: unreachable server and bad credentials', async () => {
  await scenario('errors', [
    { cli: ['api-resources', '--server', 'https://127.0.0.1:1'] },
    { cli: ['api-resources', '-o', 'wide', '--server', 'https://127.0.0.1:1'] },
    { cli: ['api-resources', '-o', 'name', '--server', 'https://127.0.0.1:1'] },
    { cli: ['api-versions', '--server', 'https://127.0.0.1:1'] },
    { cli: ['cluster-info', '--server', 'https://127.0.0.1:1'] },
    { cli: ['cluster-info', 'dump', '--server', 'https://127.0.0.1:1'] },
    { cli: ['api-resources', '--token', 'not-a-valid-token'] },
    { cli: ['api-resources', '--no-headers', '--token', 'not-a-valid-token'] },
    { cli: ['api-versions', '--token', 'not-a-valid-token'] },
    { cli: ['cluster-info', '--token', 'not-a-valid-token'] },
    { cli: ['cluster-info', 'dump', '--token', 'not-a-valid-token'] },
  ]);
});

const systemServices: Setup = async (ws) => {
  const labels = { 'platform.io/cluster-service': 'true' };
  await created(ws, '/api/v1/namespaces/platform-system/services', {
    apiVersion: 'v1', kind: 'Service',
    metadata: { name: 'dns', labels: { ...labels, 'platform.io/name': 'CoreDNS' } },
    spec: { selector: { app: 'dns' }, ports: [{ name: 'dns', port: 53, protocol: 'UDP' }, { name: 'dns-tcp', port: 53, protocol: 'TCP' }] },
  });
  await created(ws, '/api/v1/namespaces/platform-system/services', {
    apiVersion: 'v1', kind: 'Service', metadata: { name: 'metrics', labels }, spec: { ports: [{ name: 'web', port: 443 }] },
  });
  await created(ws, '/api/v1/namespaces/platform-system/services', {
    apiVersion: 'v1', kind: 'Service', metadata: { name: 'dashboard', labels }, spec: { ports: [{ port: 8080 }] },
  });
  await created(ws, '/api/v1/namespaces/platform-system/services', {
    apiVersion: 'v1', kind: 'Service', metadata: { name: 'portless', labels }, spec: { type: 'ExternalName', externalName: 'example.com' },
  });
  await created(ws, '/api/v1/namespaces/platform-system/services', {
    apiVersion: 'v1', kind: 'Service', metadata: { name: 'balancer', labels },
    spec: { type: 'LoadBalancer', ports: [{ name: 'http', port: 80 }, { name: 'alt', port: 8080 }] },
  });
  const lb = await ws.api.patch('/api/v1/namespaces/platform-system/services/balancer/status', { status: { loadBalancer: { ingress: [{ ip: '203.0.113.7' }] } } }, 'merge');
  if (lb.status !== 200) throw new Error(`status patch: ${lb.status} ${lb.text}`);
  await created(ws, '/api/v1/namespaces/platform-system/services', {
    apiVersion: 'v1', kind: 'Service', metadata: { name: 'unlabelled' }, spec: { ports: [{ port: 80 }] },
  });
  await created(ws, '/api/v1/namespaces/default/services', {
    apiVersion: 'v1', kind: 'Service', metadata: { name: 'in-default', labels }, spec: { ports: [{ name: 'https', port: 8443 }] },
  });
};

test('cluster-info: the control plane and the labelled services, with and without color', async () => {
  await scenario('cluster-info', [
    { cli: ['cluster-info'] },
    { cli: ['cluster-info', '-n', 'default'] },
    { cli: ['cluster-info', '-n', 'empty-namespace'] },
    { cli: ['cluster-info', 'extra', 'words'], note: 'arguments are ignored, as by kubectl' },
    { cli: ['cluster-info'], stdoutIsTTY: true, env: { NO_COLOR: '' }, note: 'a terminal without NO_COLOR: colored' },
    { cli: ['cluster-info'], stdoutIsTTY: true, env: { NO_COLOR: '1' }, note: 'NO_COLOR wins over the terminal' },
    { cli: ['cluster-info'], stdoutIsTTY: true, env: { NO_COLOR: '', TERM: 'dumb' }, note: 'a dumb terminal gets no color' },
  ], systemServices);
});

const workloads: Setup = async (ws) => {
  await created(ws, '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } });
  await created(ws, '/apis/apps/v1/namespaces/team-a/deployments', {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } },
    },
  });
  await created(ws, '/api/v1/namespaces/team-a/pods', {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: 'worker', annotations: { note: '<a & b>' } },
    spec: { initContainers: [{ name: 'setup', image: 'busybox' }], containers: [{ name: 'main', image: 'busybox' }, { name: 'sidecar', image: 'busybox' }] },
  });
  await created(ws, '/api/v1/namespaces/team-a/services', {
    apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
  });
};

test('cluster-info dump: JSON in typed field order, YAML, JSONPath, and the lists kubectl dumps', async () => {
  await scenario('cluster-info-dump', [
    { cli: ['cluster-info', 'dump', '--namespaces', 'team-a'] },
    { cli: ['cluster-info', 'dump', '--namespaces=team-a', '-o', 'yaml', '--show-managed-fields'] },
    { cli: ['cluster-info', 'dump', '-o', 'jsonpath={.kind} {range .items[*]}{.metadata.name} {end}{"\\n"}'], note: 'the default namespaces: platform-system and the current one' },
    { cli: ['cluster-info', 'dump', '-A', '-o', 'jsonpath={.kind}:{range .items[*]} {.metadata.name}{end}{"\\n"}', '--namespaces=ignored'], note: '--all-namespaces ignores --namespaces' },
    { cli: ['cluster-info', 'dump', '-o', 'jsonpath-as-json={.kind}', '--namespaces=team-a'] },
  ], workloads);
});

test('cluster-info dump: --output-directory writes one file per list and the pod logs', async () => {
  await scenario('cluster-info-dump-directory', [
    { cli: ['cluster-info', 'dump', '--namespaces', 'team-a,default', '--output-directory', 'out'] },
    { cli: ['cluster-info', 'dump', '--namespaces', 'team-a', '--output-directory', 'yaml-out', '-o', 'yaml'] },
    { cli: ['cluster-info', 'dump', '--namespaces', 'team-a', '--output-directory', '-', '-o', 'jsonpath={.kind}{"\\n"}'], note: '- is stdout' },
  ], workloads, async (ws) => `--- out/\n${await tree(join(ws.dir, 'out'))}--- yaml-out/\n${await tree(join(ws.dir, 'yaml-out'))}`);
});

test('cluster-info dump: bad invocations', async () => {
  await scenario('cluster-info-dump-usage', [
    { cli: ['cluster-info', 'dump', '-o', 'name'] },
    { cli: ['cluster-info', 'dump', '-o', 'wide'] },
    { cli: ['cluster-info', 'dump', '-o', 'jsonpath'] },
    { cli: ['cluster-info', 'dump', '--pod-running-timeout=0s'] },
    { cli: ['cluster-info', 'dump', '--pod-running-timeout=soon'] },
  ]);
});
