import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../../../support/server.js';
import { ApiClient } from '../../../support/api.js';
import { runCli } from '../../../support/cli.js';
import { deny, reply, startAdmissionWebhook, type AdmissionWebhook } from '../../../support/webhook.js';

describe('CLI output of admission denials and warnings', () => {
  let server: TestServer;
  let api: ApiClient;
  let hook: AdmissionWebhook;
  let dir: string;
  let config: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'platformctl-admission-cli-'));
    hook = await startAdmissionWebhook((c) => {
      const name = String(c.request.name ?? '');
      if (name === 'forbidden') return deny(c.review, 403, 'name "forbidden" is reserved', 'Forbidden');
      if (name === 'plain' || (name === 'plain-keep' && c.request.operation === 'DELETE')) return deny(c.review, 400, 'no plain names');
      if (c.request.operation === 'DELETE') return deny(c.review, 403, 'protected', 'Forbidden');
      return reply(c.review, { allowed: true, warnings: ['configmaps here are watched'] });
    });
    server = await startTestServer();
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'cli', labels: { test: 'cli' } } });
    const r = await api.post('/apis/admissionregistration.platform.io/v1/validatingwebhookconfigurations', { metadata: { name: 'cli' }, webhooks: [{
      name: 'names.example.com', sideEffects: 'None', admissionReviewVersions: ['v1'],
      clientConfig: { url: `${hook.url}/names`, caBundle: hook.caBundle },
      rules: [{ operations: ['CREATE', 'DELETE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
      namespaceSelector: { matchLabels: { test: 'cli' } },
    }] });
    assert.equal(r.status, 201, r.text);
    assert.equal((await api.post('/apis/policy/v1/namespaces/cli/poddisruptionbudgets', { metadata: { name: 'b' }, spec: { minAvailable: 1, selector: { matchLabels: { a: 'b' } } } })).status, 201);
    config = await writeTestKubeconfig(server, dir, 'cli');
  });
  after(async () => {
    api.close();
    await server.stop();
    await hook.stop();
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  });

  const cli = (...argv: string[]) => runCli(['--kubeconfig', config, ...argv], { home: dir });

  test('a webhook denial is printed as kubectl prints it, with and without a reason', async () => {
    // `create configmap` wraps the server's error as kubectl does.
    let r = await cli('create', 'configmap', 'forbidden', '--from-literal=a=b');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'error: failed to create configmap: admission webhook "names.example.com" denied the request: name "forbidden" is reserved\n');
    assert.equal((await api.post('/api/v1/namespaces/cli/configmaps', { metadata: { name: 'keep' } })).status, 201);
    r = await cli('delete', 'configmap', 'keep');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'Error from server (Forbidden): admission webhook "names.example.com" denied the request: protected\n');
    assert.equal((await api.post('/api/v1/namespaces/cli/configmaps', { metadata: { name: 'plain-keep' } })).status, 201);
    r = await cli('delete', 'configmap', 'plain-keep');
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'Error from server: admission webhook "names.example.com" denied the request: no plain names\n');
  });

  test('webhook and deprecation warnings go to stderr; --warnings-as-errors fails the command', async () => {
    let r = await cli('create', 'configmap', 'fine', '--from-literal=a=b');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'configmap/fine created\n');
    assert.equal(r.stderr, 'Warning: configmaps here are watched\n');
    r = await cli('get', 'poddisruptionbudgets.v1beta1.policy', '-o', 'name');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'poddisruptionbudget.policy/b\n');
    assert.equal(r.stderr, 'Warning: policy/v1beta1 PodDisruptionBudget is deprecated in v1.21+, unavailable in v1.25+; use policy/v1 PodDisruptionBudget\n');
    r = await cli('--warnings-as-errors', 'get', 'poddisruptionbudgets.v1beta1.policy', '-o', 'name');
    assert.equal(r.code, 1);
    assert.equal(r.stdout, 'poddisruptionbudget.policy/b\n');
    assert.equal(r.stderr, 'Warning: policy/v1beta1 PodDisruptionBudget is deprecated in v1.21+, unavailable in v1.25+; use policy/v1 PodDisruptionBudget\nerror: 1 warning received\n');
  });
});
