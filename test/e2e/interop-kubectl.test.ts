/**
 * Stock kubectl 1.32 against the local server through the rename proxy, for the everyday commands
 * that used to fail (protobuf bodies, OpenAPI-backed validation, explain): each must succeed and
 * print what kubectl prints against a real API server. Skipped, with the reason printed, without
 * kubectl.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { kubectlSkipReason, startProxiedKubectl, type ProxiedKubectl } from '../support/kubectl-proxy.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ApiClient } from '../support/api.js';

const skip = kubectlSkipReason() ?? false;
if (skip !== false) console.log(`# skipping the kubectl interop suite: ${skip}`);

const CONFIGMAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-file\ndata:\n  colour: red\n';
const TYPO = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: typo\nspec:\n  replica: 3\n  selector:\n    matchLabels: {app: typo}\n  template:\n    metadata:\n      labels: {app: typo}\n    spec:\n      containers:\n      - name: app\n        image: nginx\n';

describe('stock kubectl through the rename proxy', { skip }, () => {
  let server: TestServer;
  let kubectl: ProxiedKubectl;
  before(async () => {
    server = await startTestServer();
    const editor = join('/tmp', `platformctl-interop-editor-${process.pid}.sh`);
    await writeFile(editor, '#!/bin/sh\nsed -i "s/colour: red/colour: blue/" "$1"\n');
    await chmod(editor, 0o755);
    kubectl = await startProxiedKubectl(server, { KUBE_EDITOR: editor });
    await writeFile(join(kubectl.home, 'cm.yaml'), CONFIGMAP);
    await writeFile(join(kubectl.home, 'typo.yaml'), TYPO);
    await writeFile(join(kubectl.home, 'ssa.yaml'), CONFIGMAP.replace('from-file', 'server-side'));
    await writeFile(join(kubectl.home, 'applied.yaml'), CONFIGMAP.replace('from-file', 'applied'));
  });
  after(async () => {
    await kubectl.close();
    await server.stop();
  });

  async function ok(args: string[], stdout?: string | RegExp): Promise<string> {
    const r = await kubectl.run(args);
    assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
    if (typeof stdout === 'string') assert.equal(r.stdout, stdout);
    else if (stdout !== undefined) assert.match(r.stdout, stdout);
    return r.stdout;
  }

  test('create configmap and create deployment (protobuf request bodies)', async () => {
    await ok(['create', 'configmap', 'literal', '--from-literal=a=b'], 'configmap/literal created\n');
    await ok(['create', 'deployment', 'web', '--image=nginx', '--replicas=2'], 'deployment.apps/web created\n');
    await ok(['get', 'deployment', 'web', '-o', 'jsonpath={.spec.replicas} {.spec.template.spec.containers[0].image}'], '2 nginx');
  });

  test('create -f and apply -f with validation on; a typo is refused with the server\'s strict decoding error', async () => {
    await ok(['create', '-f', 'cm.yaml'], 'configmap/from-file created\n');
    await ok(['apply', '-f', 'applied.yaml'], 'configmap/applied created\n');
    await ok(['apply', '-f', 'applied.yaml'], 'configmap/applied unchanged\n');
    const typo = await kubectl.run(['apply', '-f', 'typo.yaml']);
    assert.equal(typo.code, 1);
    assert.equal(typo.stderr, 'Error from server (BadRequest): error when creating "typo.yaml": Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.replica"\n');
    const created = await kubectl.run(['create', '-f', 'typo.yaml']);
    assert.match(created.stderr, /strict decoding error: unknown field "spec.replica"/);
  });

  test('apply --server-side -f', async () => {
    await ok(['apply', '--server-side', '-f', 'ssa.yaml'], 'configmap/server-side serverside-applied\n');
    await ok(['get', 'configmap', 'server-side', '-o', 'jsonpath={.metadata.managedFields[0].manager} {.metadata.managedFields[0].operation}'], 'kubectl Apply');
  });

  test('edit with an EDITOR that changes a value', async () => {
    await ok(['edit', 'configmap', 'from-file'], 'configmap/from-file edited\n');
    await ok(['get', 'configmap', 'from-file', '-o', 'jsonpath={.data.colour}'], 'blue');
  });

  test('diff -f: exit 0 when the file matches, 1 with a unified diff when it does not', async () => {
    const same = await kubectl.run(['diff', '-f', 'applied.yaml']);
    assert.equal(same.code, 0, same.stderr);
    assert.equal(same.stdout, '');
    await writeFile(join(kubectl.home, 'changed.yaml'), CONFIGMAP.replace('from-file', 'applied').replace('red', 'green'));
    const changed = await kubectl.run(['diff', '-f', 'changed.yaml']);
    assert.equal(changed.code, 1, changed.stderr);
    assert.match(changed.stdout, /^- {2}colour: red$/m);
    assert.match(changed.stdout, /^\+ {2}colour: green$/m);
  });

  test('auth can-i and auth can-i --list', async () => {
    await ok(['auth', 'can-i', 'create', 'pods'], 'yes\n');
    await ok(['auth', 'can-i', '--list'], /^Resources\s+Non-Resource URLs\s+Resource Names\s+Verbs\n\*\.\*\s+\[\]\s+\[\]\s+\[\*\]\n/);
  });

  test('certificate approve', async () => {
    const key = execFileSync('openssl', ['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', '/dev/null', '-subj', '/CN=interop'], { encoding: 'utf8' });
    const api = new ApiClient(server);
    try {
      const r = await api.post('/apis/certificates.platform.io/v1/certificatesigningrequests', {
        metadata: { name: 'interop' }, spec: { request: Buffer.from(key).toString('base64'), signerName: 'platform.io/apiserver-client', usages: ['client auth'] },
      });
      assert.equal(r.status, 201, r.text);
    } finally {
      api.close();
    }
    await ok(['certificate', 'approve', 'interop'], 'certificatesigningrequest.certificates.k8s.io/interop approved\n');
  });

  test('explain configmap.data and get --raw /openapi/v2', async () => {
    await ok(['explain', 'configmap.data'], /^KIND: {7}ConfigMap\nVERSION: {4}v1\n\nFIELD: data <map\[string\]string>\n/);
    const doc = JSON.parse(await ok(['get', '--raw', '/openapi/v2'])) as { swagger: string; definitions: Record<string, { 'x-kubernetes-group-version-kind'?: unknown }> };
    assert.equal(doc.swagger, '2.0');
    assert.deepEqual(doc.definitions['io.platform.api.core.v1.ConfigMap']?.['x-kubernetes-group-version-kind'], [{ group: '', kind: 'ConfigMap', version: 'v1' }]);
  });
});
