/**
 * The SDK as a library: `loadClient` finds the config as the CLI does; writes are recorded under
 * the program's name (as client-go records its binary's); the typed accessors cover every kind the
 * local server serves; manifests parse and print.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../../src/sdk/errors.js';
import { createClient } from '../../../src/sdk/client.js';
import { loadClient } from '../../../src/sdk/load-client.js';
import { programName } from '../../../src/sdk/program.js';
import { TYPED_RESOURCES } from '../../../src/sdk/rest/typed-resources.js';
import { closeAllDispatchers } from '../../../src/sdk/transport/dispatchers.js';
import { parseManifests, toYaml } from '../../../src/sdk/yaml.js';
import { kubeconfigText, startTestServer, type TestServer } from '../../support/server.js';

let server: TestServer;
let dir: string;
let config: string;

before(async () => {
  server = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'platformctl-library-'));
  config = join(dir, 'config');
  // A second context, `team`, in namespace team-a on the same cluster.
  const team = 'contexts:\n- name: team\n  context:\n    cluster: local\n    user: local\n    namespace: team-a\n';
  await writeFile(config, kubeconfigText(server).replace('contexts:\n', team), { mode: 0o600 });
});
after(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
  await closeAllDispatchers();
});

test('loadClient: $PLATFORMCONFIG, --kubeconfig, context and namespace as the CLI picks them', async () => {
  const env = { PLATFORMCONFIG: config };
  const current = await loadClient({ env, homedir: dir });
  assert.equal(current.namespace, 'default');
  assert.equal(current.config.server, server.url);
  assert.equal((await current.namespaces().get('default')).metadata?.name, 'default');
  assert.equal((await loadClient({ env, homedir: dir, context: 'team' })).namespace, 'team-a');
  assert.equal((await loadClient({ env: {}, homedir: dir, kubeconfig: config, context: 'team', namespace: 'other' })).namespace, 'other');
  await assert.rejects(loadClient({ env, homedir: dir, context: 'missing' }), (err: unknown) => err instanceof ConfigError && /context was not found for specified context: missing/.test(err.message));
});

test('applies are recorded as platformctl-sdk, other writes under the program\'s name, unless the client or the call names another', async () => {
  assert.match(programName(), /^library\.test$|^node$|^run-tests$/);
  assert.equal(programName(['/usr/bin/node', '/home/u/scripts/deploy.mjs']), 'deploy');
  assert.equal(programName(['/usr/bin/node', '/usr/lib/node_modules/platformctl/bin/platformctl']), 'platformctl');
  const base = { server: server.url, caData: server.caPem, bearerToken: server.adminToken, namespace: 'default' };
  const implicit = createClient(base, { env: {} });
  const applied = await implicit.configMaps().apply({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'by-program' }, data: { a: '1' } });
  assert.deepEqual(applied.metadata?.managedFields?.map((m) => [m.manager, m.operation]), [['platformctl-sdk', 'Apply']]);
  const plainCreate = await implicit.configMaps().create({ metadata: { name: 'by-program-create' }, data: { a: '1' } });
  assert.deepEqual(plainCreate.metadata?.managedFields?.map((m) => m.manager), [programName()]);
  const managed = createClient(base, { env: {}, fieldManager: 'team-tool' });
  const managedApply = await managed.configMaps().apply({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'by-team-tool' }, data: { a: '1' } });
  assert.deepEqual(managedApply.metadata?.managedFields?.map((m) => m.manager), ['team-tool']);

  const named = createClient(base, { env: {}, program: 'deployer' });
  const created = await named.configMaps().create({ metadata: { name: 'by-deployer' }, data: { a: '1' } });
  assert.deepEqual(created.metadata?.managedFields?.map((m) => [m.manager, m.operation]), [['deployer', 'Update']]);
  const reapplied = await named.configMaps().apply({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'by-deployer' }, data: { a: '1', b: '2' } });
  assert.ok(reapplied.metadata?.managedFields?.some((m) => m.manager === 'deployer' && m.operation === 'Apply'));
  const explicit = await named.configMaps().apply({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'by-ci' }, data: { c: '3' } }, { fieldManager: 'ci' });
  assert.deepEqual(explicit.metadata?.managedFields?.map((m) => m.manager), ['ci']);
});

test('every kind the local server serves has a typed accessor', async () => {
  const client = createClient({ server: server.url, caData: server.caPem, bearerToken: server.adminToken, namespace: 'default' }, { env: {} });
  const typed = new Set(Object.values(TYPED_RESOURCES).map((d) => `${d.group}/${d.resource}`));
  const served: string[] = [];
  const snapshot = await client.discovery.snapshot();
  const preferred = new Map(snapshot.groups.map((g) => [g.name, g.preferredVersion]));
  for (const r of snapshot.resources) {
    if (r.resource.includes('/') || preferred.get(r.group) !== r.version) continue;
    served.push(`${r.group}/${r.resource}`);
  }
  assert.ok(served.length > 30, `served ${served.length}`);
  // Kinds added to the server need a model in src/sdk/types and a line in typed-resources.ts.
  assert.deepEqual(served.filter((s) => !typed.has(s)).sort(), []);
});

test('parseManifests and toYaml: manifests in, kubectl\'s YAML out', async () => {
  const manifests = await parseManifests('apiVersion: v1\nkind: List\nitems:\n- kind: ConfigMap\n  apiVersion: v1\n  metadata: {name: a}\n  data: {z: "1", b: "yes"}\n', { source: 'list.yaml' });
  assert.equal(manifests.length, 1);
  assert.equal(manifests[0]?.source, 'list.yaml');
  assert.equal(toYaml(manifests[0]?.object), 'apiVersion: v1\ndata:\n  b: "yes"\n  z: "1"\nkind: ConfigMap\nmetadata:\n  name: a\n');
  await assert.rejects(parseManifests('kind: ConfigMap\nmetadata: {name: a}\n'), /apiVersion/);
});
