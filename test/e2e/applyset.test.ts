/**
 * ApplySets: `applyManifests(..., { applySet })` labels the members, keeps the parent's ID label
 * and annotations as KEP-3659 writes them, and prunes the members a later apply leaves out; and a
 * set is the same set for stock kubectl (`KUBECTL_APPLYSET=true`, through the rename proxy) and
 * for us (the CLI and the SDK), applied and pruned in turns.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { applyManifests } from '../../src/sdk/apply/apply-manifests.js';
import type { PruneResult } from '../../src/sdk/apply/prune.js';
import { createClient, type PlatformClient } from '../../src/sdk/client.js';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import { parseManifests } from '../../src/sdk/yaml.js';
import { ApiClient, type Body } from '../support/api.js';
import { kubectlSkipReason, startProxiedKubectl, type ProxiedKubectl } from '../support/kubectl-proxy.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';
import { runCli } from '../support/cli.js';

function configMaps(...names: string[]): string {
  return names.map((n) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${n}\ndata:\n  k: ${n}\n`).join('---\n');
}

const DEPLOYMENT = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n';

function expectedId(name: string, namespace: string, kind: string, group: string): string {
  return `applyset-${createHash('sha256').update(`${name}.${namespace}.${kind}.${group}`).digest('base64url')}-v1`;
}

describe('ApplySets', () => {
  let server: TestServer;
  let api: ApiClient;
  let client: PlatformClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    for (const ns of ['sets', 'interop']) await api.post('/api/v1/namespaces', { metadata: { name: ns } });
    client = createClient({ server: server.url, caData: server.caPem, bearerToken: server.adminToken, namespace: 'sets' }, { env: {} });
  });
  after(async () => {
    api?.close();
    await server?.stop();
    await closeAllDispatchers();
  });

  async function names(namespace: string, resource = 'configmaps'): Promise<string[]> {
    const path = resource === 'deployments' ? `/apis/apps/v1/namespaces/${namespace}/deployments` : `/api/v1/namespaces/${namespace}/${resource}`;
    return ((await api.get(path)).body.items as Body[]).map((o) => String((o.metadata as Body).name)).filter((n) => n !== 'platform-root-ca.crt').sort();
  }

  test('the SDK applies a set, labels its members, and prunes what a later apply leaves out', async () => {
    const pruned: PruneResult[] = [];
    const applySet = { parent: 'web-set', namespace: 'sets', toolingVersion: 'v9.9.9', onPruned: (p: PruneResult) => pruned.push(p) };
    const first = await applyManifests(client, await parseManifests(configMaps('a', 'b') + '---\n' + DEPLOYMENT, { source: 'set.yaml' }), { applySet });
    assert.deepEqual(first.map((r) => [r.description, r.action, r.error]), [['configmap/a', 'created', undefined], ['configmap/b', 'created', undefined], ['deployment.apps/web', 'created', undefined]]);
    const id = expectedId('web-set', 'sets', 'Secret', '');
    const parent = (await api.get('/api/v1/namespaces/sets/secrets/web-set')).body;
    assert.deepEqual((parent.metadata as Body).labels, { 'applyset.platform.io/id': id });
    assert.deepEqual((parent.metadata as Body).annotations, {
      'applyset.platform.io/additional-namespaces': '',
      'applyset.platform.io/contains-group-kinds': 'ConfigMap,Deployment.apps',
      'applyset.platform.io/tooling': 'kubectl/v9.9.9',
    });
    const member = (await api.get('/api/v1/namespaces/sets/configmaps/a')).body;
    assert.equal(((member.metadata as Body).labels as Body)['applyset.platform.io/part-of'], id);

    // Something outside the set with the same kind is never pruned.
    await api.post('/api/v1/namespaces/sets/configmaps', { metadata: { name: 'outsider' } });
    await applyManifests(client, await parseManifests(configMaps('a'), { source: 'set.yaml' }), { applySet });
    assert.deepEqual(pruned.map((p) => [p.description, p.error]).sort(), [['configmap/b', undefined], ['deployment.apps/web', undefined]]);
    assert.deepEqual(await names('sets'), ['a', 'outsider']);
    assert.deepEqual(await names('sets', 'deployments'), []);
    const narrowed = (await api.get('/api/v1/namespaces/sets/secrets/web-set')).body;
    assert.equal(((narrowed.metadata as Body).annotations as Body)['applyset.platform.io/contains-group-kinds'], 'ConfigMap');
  });

  test('a member label in the input, a parent of another tool, and a namespaced parent without a namespace are refused', async () => {
    const labelled = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels:\n    applyset.platform.io/part-of: mine\n';
    await assert.rejects(applyManifests(client, await parseManifests(labelled, { source: 'x.yaml' }), { applySet: { parent: 'other', namespace: 'sets' } }), /ApplySet label "applyset.platform.io\/part-of" already set in input data/);
    await api.post('/api/v1/namespaces/sets/secrets', { metadata: { name: 'foreign', annotations: { 'applyset.platform.io/tooling': 'helm/v3' }, labels: { 'applyset.platform.io/id': expectedId('foreign', 'sets', 'Secret', '') } } });
    await assert.rejects(applyManifests(client, await parseManifests(configMaps('why'), { source: 'y.yaml' }), { applySet: { parent: 'foreign', namespace: 'sets' } }), /managed by tooling "helm" instead of "kubectl"/);
    await assert.rejects(applyManifests(client, await parseManifests(configMaps('why'), { source: 'y.yaml' }), { applySet: { parent: 'secrets/nowhere' } }), /namespace is required to use namespace-scoped ApplySet/);
  });

  const skip = kubectlSkipReason() ?? false;
  describe('with stock kubectl', { skip }, () => {
    let kubectl: ProxiedKubectl;
    let ourEnv: Record<string, string> = {};
    before(async () => {
      kubectl = await startProxiedKubectl(server, { KUBECTL_APPLYSET: 'true' });
      ourEnv = { PLATFORMCONFIG: await writeTestKubeconfig(server, join(kubectl.home, '.platform'), 'interop'), HOME: kubectl.home };
      for (const [dir, text] of [['one', configMaps('a', 'b')], ['two', configMaps('a', 'c')], ['three', configMaps('c')]] as const) {
        await mkdir(join(kubectl.home, dir), { recursive: true });
        await writeFile(join(kubectl.home, dir, 'cms.yaml'), text);
      }
    });
    after(async () => {
      await kubectl?.close();
    });

    test('kubectl and platformctl apply and prune the same set in turns; nothing is left behind or deleted wrongly', async () => {
      const k1 = await kubectl.run(['apply', '-n', 'interop', '--applyset=shared', '--prune', '-f', 'one']);
      assert.equal(k1.code, 0, k1.stderr);
      assert.deepEqual(await names('interop'), ['a', 'b']);
      await api.post('/api/v1/namespaces/interop/configmaps', { metadata: { name: 'bystander' } });

      // platformctl's CLI: a and c; b goes.
      const ours = await runCli(['apply', '-n', 'interop', '--applyset=shared', '--prune', '-f', 'two'], { env: ourEnv, cwd: kubectl.home, home: kubectl.home });
      assert.equal(ours.code, 0, ours.stderr);
      assert.equal(ours.stdout, 'configmap/a unchanged\nconfigmap/c created\nconfigmap/b pruned\n');
      assert.deepEqual(await names('interop'), ['a', 'bystander', 'c']);

      // The SDK, as a CI script would: the same set, still a and c; nothing more goes.
      const pruned: string[] = [];
      const sdk = await applyManifests(client, await parseManifests(configMaps('a', 'c'), { source: 'two.yaml' }), { namespace: 'interop', applySet: { parent: 'shared', namespace: 'interop', onPruned: (p) => pruned.push(p.description) } });
      assert.ok(sdk.every((r) => r.error === undefined));
      assert.deepEqual(pruned, []);

      // kubectl's again: only c; it prunes a, which we applied.
      const k2 = await kubectl.run(['apply', '-n', 'interop', '--applyset=shared', '--prune', '-f', 'three']);
      assert.equal(k2.code, 0, k2.stderr);
      assert.match(k2.stdout, /configmap\/a pruned/);
      assert.deepEqual(await names('interop'), ['bystander', 'c']);
    });
  });
});
