/**
 * Stock kubectl against the node side of the local server (through the rename proxy): nodes and
 * pods look as on a real cluster, `top` reads the metrics API, and `run -- CMD` (args only) runs.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { ApiClient, at } from '../../../support/api.js';
import { kubectlSkipReason, startProxiedKubectl, type ProxiedKubectl } from '../../../support/kubectl-proxy.js';
import { fastNode, waitFor, waitForPod } from './support.js';

const skip = kubectlSkipReason();

describe('kubectl and the node', { skip: skip ?? false }, () => {
  let server: TestServer;
  let api: ApiClient;
  let kubectl: ProxiedKubectl;
  before(async () => {
    server = await startTestServer({ node: fastNode() });
    api = new ApiClient(server);
    kubectl = await startProxiedKubectl(server);
  });
  after(async () => {
    await kubectl?.close();
    api?.close();
    await server?.stop();
  });

  test('get nodes, run -- CMD, get pods -o wide, top node, top pod', async () => {
    const nodes = await waitFor('kubectl get nodes Ready', async () => {
      const r = await kubectl.run(['get', 'nodes']);
      return /^local\s+Ready\s+<none>\s+\S+\s+v1\.32\.0$/m.test(r.stdout) ? r.stdout : undefined;
    });
    assert.match(nodes, /^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION$/m);
    const run = await kubectl.run(['run', 'sleeper', '--image=busybox', '--restart=Never', '--', process.execPath, '-e', 'setInterval(() => {}, 1000)']);
    assert.equal(run.code, 0, run.stderr);
    const pod = await waitForPod(api, 'default', 'sleeper', 'running', (p) => at(p, 'status.phase') === 'Running');
    const wide = await kubectl.run(['get', 'pods', '-o', 'wide']);
    assert.match(wide.stdout, new RegExp(`^sleeper\\s+1/1\\s+Running\\s+0\\s+\\S+\\s+${String(at(pod, 'status.podIP')).replace(/\./g, '\\.')}\\s+local\\s+<none>\\s+<none>$`, 'm'));
    const topNode = await waitFor('kubectl top node', async () => {
      const r = await kubectl.run(['top', 'node']);
      return r.code === 0 ? r.stdout : undefined;
    });
    assert.match(topNode, /^NAME\s+CPU\(cores\)\s+CPU\(%\)\s+MEMORY\(bytes\)\s+MEMORY\(%\)\s*$/m);
    assert.match(topNode, /^local\s+\d+m\s+\d+%\s+\d+Mi\s+\d+%\s*$/m);
    const topPod = await waitFor('kubectl top pod', async () => {
      const r = await kubectl.run(['top', 'pod', 'sleeper', '--containers']);
      return r.code === 0 ? r.stdout : undefined;
    });
    assert.match(topPod, /^POD\s+NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)\s*$/m);
    assert.match(topPod, /^sleeper\s+sleeper\s+\d+m\s+\d+Mi\s*$/m);
    const del = await kubectl.run(['delete', 'pod', 'sleeper', '--wait=true']);
    assert.equal(del.code, 0, del.stderr);
    assert.match(del.stdout, /^pod "sleeper" deleted$/m);
  });
});
