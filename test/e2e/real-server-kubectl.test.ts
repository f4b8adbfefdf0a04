/**
 * Stock kubectl 1.32 through the rename proxy, on what its own test suite (test/cmd) found the
 * local server answering differently from a real API server: each test runs the commands as the
 * suite does and checks what a real server makes of them. Skipped, with the reason printed,
 * without kubectl.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { kubectlSkipReason, startProxiedKubectl, type ProxiedKubectl } from '../support/kubectl-proxy.js';
import { kubeconfigText, startTestServer, type TestServer } from '../support/server.js';

const skip = kubectlSkipReason() ?? false;
if (skip !== false) console.log(`# skipping the kubectl real-server semantics suite: ${skip}`);

const pod = (label: string, image = 'registry.k8s.io/pause:3.9'): string =>
  `apiVersion: v1\nkind: Pod\nmetadata:\n  name: test-pod\n  labels:\n    name: ${label}\nspec:\n  containers:\n  - name: kubernetes-pause\n    image: ${image}\n`;

const LIST = [
  'apiVersion: v1', 'kind: List', 'items:',
  '- apiVersion: v1', '  kind: ConfigMap', '  metadata:', '    name: in-a-list', '  data:', '    a: b',
  '- apiVersion: v1', '  kind: Service', '  metadata:', '    name: list-service', '  spec:', '    ports:', '    - port: 80', '',
].join('\n');

describe('stock kubectl: a real server\'s semantics', { skip }, () => {
  let server: TestServer;
  let kubectl: ProxiedKubectl;
  before(async () => {
    server = await startTestServer();
    kubectl = await startProxiedKubectl(server);
    await writeFile(join(kubectl.home, 'pod.yaml'), pod('test-pod-label'));
    await writeFile(join(kubectl.home, 'pod-apply.yaml'), pod('test-pod-applied'));
    await writeFile(join(kubectl.home, 'pod-changed.yaml'), pod('test-pod-label', 'registry.k8s.io/pause:3.4'));
  });
  after(async () => {
    await kubectl.close();
    await server.stop();
  });

  async function ok(args: string[]): Promise<string> {
    const r = await kubectl.run(args);
    assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  }

  test('apply --server-side takes over from client-side apply (and diff --server-side previews it)', async () => {
    await ok(['apply', '-f', 'pod.yaml']);
    // diff --server-side applies as `kubectl` in a dry run: a change of a field client-side apply set
    // is not a conflict while the field still holds its last-applied value.
    const diff = await kubectl.run(['diff', '--server-side', '-f', 'pod-changed.yaml']);
    assert.equal(diff.code, 1, diff.stderr);
    assert.match(diff.stdout, /^\+ {2}- image: registry\.k8s\.io\/pause:3\.4$/m);
    // Another manager gets no such allowance.
    const other = await kubectl.run(['apply', '--server-side', '--field-manager=not-kubectl', '-f', 'pod-apply.yaml']);
    assert.equal(other.code, 1);
    assert.match(other.stderr, /conflict with "kubectl-client-side-apply"/);
    assert.equal(await ok(['apply', '--server-side', '-f', 'pod-apply.yaml']), 'pod/test-pod serverside-applied\n');
    // The last-applied annotation follows what was applied, so client-side apply can take over again.
    assert.match(await ok(['apply', 'view-last-applied', 'pod/test-pod', '-o', 'json']), /"name": "test-pod-applied"/);
    await ok(['apply', '--server-side', '-f', 'pod.yaml']);
    assert.match(await ok(['apply', 'view-last-applied', 'pod/test-pod', '-o', 'json']), /"name": "test-pod-label"/);
    assert.equal(await ok(['apply', '-f', 'pod-apply.yaml']), 'pod/test-pod configured\n');
    await ok(['delete', 'pod', 'test-pod', '--wait=false']);
  });

  test('client-side validation of a List reads /openapi/v2 as gnostic protobuf (kubectl straight at the server)', async () => {
    // kubectl validates a List against the OpenAPI v2 document, which it asks for as protobuf only.
    // The rename proxy drops protobuf from Accept (and could not rename inside it), so this kubectl
    // talks to the server itself; a List of core objects needs no renaming.
    const direct = join(kubectl.home, 'direct-config');
    await writeFile(direct, kubeconfigText(server, 'default'));
    await writeFile(join(kubectl.home, 'list.yaml'), LIST);
    const r = await kubectl.run(['--kubeconfig', direct, 'create', '-f', 'list.yaml', '--dry-run=server', '-v=6']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /GET https:\/\/127\.0\.0\.1:\d+\/openapi\/v2\?timeout=\d+s 200 OK/);
    assert.equal(r.stdout, 'configmap/in-a-list created (server dry run)\nservice/list-service created (server dry run)\n');
  });
});
