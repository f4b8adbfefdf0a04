import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { ApiClient, type Body } from '../../../support/api.js';
import { selfSignedCertificate } from '../../../support/recording-server.js';
import { allow, startAdmissionWebhook, type AdmissionWebhook } from '../../../support/webhook.js';

describe('credentials sent to webhooks from the admission control config file', () => {
  let server: TestServer;
  let api: ApiClient;
  let hook: AdmissionWebhook;
  let dir: string;
  const logs: string[] = [];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'platformctl-webhook-creds-'));
    hook = await startAdmissionWebhook((c) => allow(c.review), ['hook.hooks.svc', 'other.hooks.svc']);
    const client = await selfSignedCertificate('apiserver-webhook-client', [], [], false);
    await writeFile(join(dir, 'client.crt'), client.certPem);
    await writeFile(join(dir, 'client.key'), client.keyPem);
    await writeFile(join(dir, 'token'), 'file-token\n');
    // Users named by host: exact (with the port), a `*.` wildcard, and the default `*`.
    await writeFile(join(dir, 'webhook-kubeconfig.yaml'), [
      'apiVersion: v1',
      'kind: Config',
      'users:',
      `- name: "127.0.0.1:${hook.port}"`,
      '  user:',
      '    username: alice',
      '    password: secret',
      '- name: "hook.hooks.svc:8443"',
      '  user:',
      '    tokenFile: token',
      '- name: "*.hooks.svc:8443"',
      '  user:',
      '    client-certificate: client.crt',
      '    client-key: client.key',
      '- name: "*"',
      '  user:',
      '    token: default-token',
      '',
    ].join('\n'));
    // The deprecated v1alpha1 form, with the webhook configuration inline.
    await writeFile(join(dir, 'admission.yaml'), [
      'apiVersion: apiserver.platform.io/v1alpha1',
      'kind: AdmissionConfiguration',
      'plugins:',
      '- name: ValidatingAdmissionWebhook',
      '  configuration:',
      '    apiVersion: apiserver.config.platform.io/v1',
      '    kind: WebhookAdmissionConfiguration',
      '    kubeConfigFile: webhook-kubeconfig.yaml',
      '',
    ].join('\n'));
    server = await startTestServer({
      logger: (l) => logs.push(l),
      admission: {
        configFile: join(dir, 'admission.yaml'),
        webhookServiceAddresses: { 'hooks/hook': `127.0.0.1:${hook.port}`, 'hooks/other': `127.0.0.1:${hook.port}`, 'hooks/third': `127.0.0.1:${hook.port}` },
      },
    });
    api = new ApiClient(server);
    for (const ns of ['url', 'exact', 'wild', 'star']) await api.post('/api/v1/namespaces', { metadata: { name: `creds-${ns}`, labels: { creds: ns } } });
    const webhooks: Body[] = [
      { ns: 'url', clientConfig: { url: `${hook.url}/url` } },
      { ns: 'exact', clientConfig: { service: { namespace: 'hooks', name: 'hook', port: 8443, path: '/exact' } } },
      { ns: 'wild', clientConfig: { service: { namespace: 'hooks', name: 'other', port: 8443, path: '/wild' } } },
      { ns: 'star', clientConfig: { service: { namespace: 'hooks', name: 'hook', path: '/star' } } },
    ].map((w) => ({
      name: `${String(w.ns)}.creds.example.com`, sideEffects: 'None', admissionReviewVersions: ['v1'],
      clientConfig: { ...(w.clientConfig as Body), caBundle: hook.caBundle },
      rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
      namespaceSelector: { matchLabels: { creds: w.ns } },
    }));
    const r = await api.post('/apis/admissionregistration.platform.io/v1/validatingwebhookconfigurations', { metadata: { name: 'creds' }, webhooks });
    assert.equal(r.status, 201, r.text);
  });
  after(async () => {
    api.close();
    await server.stop();
    await hook.stop();
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  });

  test('the deprecated AdmissionConfiguration version is accepted with a warning', () => {
    assert.ok(logs.includes('apiserver.platform.io/v1alpha1 AdmissionConfiguration is deprecated, use apiserver.config.platform.io/v1'), logs.join('\n'));
  });

  test('users are matched by URL host, by service name with port, by *. wildcard, and by *', async () => {
    for (const ns of ['url', 'exact', 'wild', 'star']) {
      const r = await api.post(`/api/v1/namespaces/creds-${ns}/configmaps`, { metadata: { name: 'c' } });
      assert.equal(r.status, 201, r.text);
    }
    const call = (path: string) => hook.calls.find((c) => c.path.startsWith(path));
    assert.equal(call('/url')?.headers.authorization, `Basic ${Buffer.from('alice:secret').toString('base64')}`);
    assert.equal(call('/exact')?.headers.authorization, 'Bearer file-token');
    assert.equal(call('/exact')?.clientCertCN, undefined);
    assert.equal(call('/wild')?.headers.authorization, undefined);
    assert.equal(call('/wild')?.clientCertCN, 'apiserver-webhook-client');
    assert.equal(call('/star')?.headers.authorization, 'Bearer default-token');
  });
});
