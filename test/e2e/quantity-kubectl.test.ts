/**
 * Quantities as stock kubectl 1.32 sees them through the rename proxy, beside ours: what
 * `create -f` stored (`cpu: 0.5` → `500m`) reads the same with both clients; server-side apply of
 * the same manifest twice changes no spec or generation; `set resources` (a patch) is stored canonical; a
 * malformed quantity is refused with the server's message. Skipped, with the reason printed,
 * without kubectl.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cli.js';
import { kubectlSkipReason, startProxiedKubectl, type ProxiedKubectl } from '../support/kubectl-proxy.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

const skip = kubectlSkipReason() ?? false;
if (skip !== false) console.log(`# skipping the kubectl comparison of quantities: ${skip}`);

const POD = [
  'apiVersion: v1', 'kind: Pod', 'metadata:', '  name: sized', 'spec:', '  containers:', '  - name: main', '    image: busybox', '    resources:',
  '      requests: {cpu: 0.5, memory: 1024Mi}', '      limits: {cpu: "1.0", memory: 1.5Gi}', '',
].join('\n');

const DEPLOYMENT = [
  'apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: sized', 'spec:', '  selector:', '    matchLabels: {app: sized}', '  template:',
  '    metadata:', '      labels: {app: sized}', '    spec:', '      containers:', '      - name: main', '        image: busybox',
  '        resources:', '          requests: {cpu: 0.5}', '',
].join('\n');

const RESOURCES = 'jsonpath={.spec.containers[0].resources}';

describe('quantities through stock kubectl', { skip }, () => {
  let server: TestServer;
  let kubectl: ProxiedKubectl;
  let home: string;
  let config: string;
  before(async () => {
    server = await startTestServer();
    home = await mkdtemp(join(tmpdir(), 'platformctl-quantity-'));
    config = await writeTestKubeconfig(server, home);
    kubectl = await startProxiedKubectl(server);
    await writeFile(join(kubectl.home, 'pod.yaml'), POD);
    await writeFile(join(kubectl.home, 'deployment.yaml'), DEPLOYMENT);
    await writeFile(join(kubectl.home, 'bad.yaml'), POD.replace('name: sized', 'name: bad').replace('cpu: 0.5', 'cpu: lots'));
  });
  after(async () => {
    await kubectl.close();
    await server.stop();
    await rm(home, { recursive: true, force: true });
  });

  const ours = (args: string[]) => runCli(args, { env: { PLATFORMCONFIG: config }, home });

  test('create -f: stored canonical, read the same by kubectl and by us', async () => {
    const created = await kubectl.run(['create', '-f', 'pod.yaml']);
    assert.equal(created.code, 0, created.stderr);
    const theirs = await kubectl.run(['get', 'pod', 'sized', '-o', RESOURCES]);
    assert.equal(theirs.stdout, '{"limits":{"cpu":"1","memory":"1536Mi"},"requests":{"cpu":"500m","memory":"1Gi"}}');
    assert.equal((await ours(['get', 'pod', 'sized', '-o', RESOURCES])).stdout, theirs.stdout);
    const yaml = (await kubectl.run(['get', 'pod', 'sized', '-o', 'yaml'])).stdout;
    assert.match(yaml, /requests:\n\s+cpu: 500m\n\s+memory: 1Gi\n/);
  });

  // A real server rewrites the object when a re-applied value is not in stored form and the field
  // manager's time has moved on (kubernetes/kubernetes#121404); spec and generation stay.
  test('apply --server-side twice: the second changes no spec or generation; set resources is stored canonical', async () => {
    const first = await kubectl.run(['apply', '--server-side', '-f', 'deployment.yaml']);
    assert.equal(first.stdout, 'deployment.apps/sized serverside-applied\n', first.stderr);
    const state = '-o=jsonpath={.metadata.generation} {.spec.template.spec.containers[0].resources.requests.cpu}';
    assert.equal((await kubectl.run(['get', 'deployment', 'sized', state])).stdout, '1 500m');
    const second = await kubectl.run(['apply', '--server-side', '-f', 'deployment.yaml']);
    assert.equal(second.stdout, 'deployment.apps/sized serverside-applied\n', second.stderr);
    assert.equal((await kubectl.run(['get', 'deployment', 'sized', state])).stdout, '1 500m');
    const set = await kubectl.run(['set', 'resources', 'deployment', 'sized', '--requests=cpu=0.25,memory=2048Mi']);
    assert.equal(set.code, 0, set.stderr);
    const requests = await kubectl.run(['get', 'deployment', 'sized', '-o', 'jsonpath={.spec.template.spec.containers[0].resources.requests}']);
    assert.equal(requests.stdout, '{"cpu":"250m","memory":"2Gi"}');
  });

  test('a malformed quantity is refused with the server\'s message', async () => {
    const bad = await kubectl.run(['create', '-f', 'bad.yaml']);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /Pod in version "v1" cannot be handled as a Pod: quantities must match the regular expression '\^\(\[\+-\]\?\[0-9\.\]\+\)\(\[eEinumkKMGTP\]\*\[-\+\]\?\[0-9\]\*\)\$'/);
  });
});
