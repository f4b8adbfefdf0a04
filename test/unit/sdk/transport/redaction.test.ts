import type { TokenRequest } from '../../../../src/sdk/types/authentication.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../../../src/sdk/client.js';
import { redactBody, redactHeaderValue, redactJson } from '../../../../src/sdk/transport/redact.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { RecordingServer, selfSignedCertificate } from '../../../support/recording-server.js';
import { configFor, execFixture, LogCapture, pluginEnv } from './helpers.js';

const SECRETS = {
  token: 'tok-SECRET-1111',
  password: 'pw-SECRET-2222',
  secretValue: Buffer.from('db-password-SECRET-3333').toString('base64'),
  stringData: 'plain-SECRET-4444',
  reviewToken: 'review-SECRET-5555',
  requestToken: 'issued-SECRET-6666',
};

function assertNoSecrets(log: string, extra: string[] = []): void {
  for (const secret of [...Object.values(SECRETS), ...extra]) assert.ok(!log.includes(secret), `log leaks ${secret}`);
}

test('redactHeaderValue keeps only the scheme of Authorization', () => {
  assert.equal(redactHeaderValue('Authorization', 'Bearer abc'), 'Bearer <masked>');
  assert.equal(redactHeaderValue('authorization', 'Basic YWJjOmRlZg=='), 'Basic <masked>');
  assert.equal(redactHeaderValue('Authorization', 'Custom xyz'), '<masked>');
  assert.equal(redactHeaderValue('Set-Cookie', 'session=abc'), '<masked>');
  assert.equal(redactHeaderValue('Accept', 'application/json'), 'application/json');
});

test('redactJson masks Secret data, review tokens, exec credentials and password-like keys', () => {
  const out = redactJson({
    kind: 'List',
    items: [
      { kind: 'Secret', metadata: { name: 's', annotations: { 'platformctl.platform.io/last-applied-configuration': '{"data":{"a":"x"}}' } }, data: { a: 'eA==' }, stringData: { b: 'y' } },
      { kind: 'TokenReview', spec: { token: 'abc' } },
      { kind: 'ExecCredential', status: { token: 't', clientKeyData: 'k', clientCertificateData: 'c' } },
      { kind: 'ConfigMap', data: { a: 'not secret' }, nested: { password: 'p', 'client-key-data': 'q' } },
    ],
  });
  assert.deepEqual(out, {
    kind: 'List',
    items: [
      { kind: 'Secret', metadata: { name: 's', annotations: { 'platformctl.platform.io/last-applied-configuration': '<masked>' } }, data: { a: '<masked>' }, stringData: { b: '<masked>' } },
      { kind: 'TokenReview', spec: { token: '<masked>' } },
      { kind: 'ExecCredential', status: { token: '<masked>', clientKeyData: '<masked>', clientCertificateData: 'c' } },
      { kind: 'ConfigMap', data: { a: 'not secret' }, nested: { password: '<masked>', 'client-key-data': '<masked>' } },
    ],
  });
  assert.match(redactBody('kind: Secret\ndata:\n  a: eA==\n', 'application/yaml'), /^\[\d+ bytes of application\/yaml, not shown\]$/);
  assert.equal(redactBody('ok', 'text/plain'), 'ok');
});

test('-v=9 logs URLs, headers and bodies without a single secret', async () => {
  const server = await RecordingServer.start({
    responder: (req) => {
      if (req.path.endsWith('/secrets')) {
        return { status: 201, headers: { 'set-cookie': `session=${SECRETS.token}` }, body: { kind: 'Secret', apiVersion: 'v1', metadata: { name: 'db' }, data: { password: SECRETS.secretValue } } };
      }
      if (req.path.endsWith('/tokenreviews')) return { status: 201, body: { kind: 'TokenReview', apiVersion: 'authentication.platform.io/v1', spec: { token: SECRETS.reviewToken }, status: { authenticated: true } } };
      if (req.path.endsWith('/token')) return { status: 201, body: { kind: 'TokenRequest', apiVersion: 'authentication.platform.io/v1', status: { token: SECRETS.requestToken } } };
      return { body: { kind: 'Status', status: 'Success' } };
    },
  });
  const log = new LogCapture();
  try {
    const client = createClient(configFor(server, { bearerToken: SECRETS.token }), { env: {}, logger: log.sink, verbosity: 9 });
    await client.secrets('default').create({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db' }, data: { password: SECRETS.secretValue }, stringData: { other: SECRETS.stringData } });
    await client.tokenReviews().create({ apiVersion: 'authentication.platform.io/v1', kind: 'TokenReview', spec: { token: SECRETS.reviewToken } });
    await client.serviceAccounts('default').createSubresource<TokenRequest>('default', 'token', { apiVersion: 'authentication.platform.io/v1', kind: 'TokenRequest', spec: {} });

    const basic = createClient(configFor(server, { username: 'admin', password: SECRETS.password }), { env: {}, logger: log.sink, verbosity: 9 });
    await basic.getRaw('/version');

    const text = log.text;
    assertNoSecrets(text, [Buffer.from(`admin:${SECRETS.password}`).toString('base64')]);
    assert.match(text, /curl -v -XPOST {2}-H "Accept: application\/json" .*-H "Authorization: Bearer <masked>"/);
    assert.match(text, /-H "Authorization: Basic <masked>"/);
    assert.match(text, /POST https:\/\/127\.0\.0\.1:\d+\/api\/v1\/namespaces\/default\/secrets 201 Created in \d+ milliseconds/);
    assert.match(text, /Request Body: \{"apiVersion":"v1","kind":"Secret","metadata":\{"name":"db"\},"data":\{"password":"<masked>"\},"stringData":\{"other":"<masked>"\}\}/);
    assert.match(text, /Response Body: .*"data":\{"password":"<masked>"\}/);
    assert.match(text, /Set-Cookie: <masked>/);
    assert.match(text, /"spec":\{"token":"<masked>"\}/);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('-v=9 never shows client keys or exec plugin output', async () => {
  const server = await RecordingServer.start({ requestCert: true });
  const log = new LogCapture();
  try {
    const cert = await selfSignedCertificate('logged-user', [], [], false);
    const client = createClient(configFor(server, { certData: cert.certPem, keyData: cert.keyPem }), { env: {}, logger: log.sink, verbosity: 9 });
    await client.getRaw('/version');
    assert.equal(server.requests[0]?.clientCertCN, 'logged-user');
    const keyBody = cert.keyPem.split('\n')[1] ?? '';
    assert.ok(keyBody.length > 10 && !log.text.includes(keyBody));

    const execClient = createClient(configFor(server, {
      exec: { command: execFixture('token-plugin.mjs'), apiVersion: 'client.authentication.platform.io/v1', interactiveMode: 'Never', env: [{ name: 'PLUGIN_TOKEN', value: 'exec-SECRET-7777' }] },
    }), { env: pluginEnv(), logger: log.sink, verbosity: 9 });
    await execClient.getRaw('/version');
    assert.ok(!log.text.includes('exec-SECRET-7777'));
    assert.match(log.text, /Authorization: Bearer <masked>/);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('-v levels: 6 is one line per request, 7 adds request headers, 8 response headers and truncated bodies', async () => {
  const big = { kind: 'ConfigMap', data: { blob: 'x'.repeat(3000) } };
  const server = await RecordingServer.start({ responder: () => ({ body: big, headers: { 'x-extra': 'yes' } }) });
  try {
    const levels: Record<number, string[]> = {};
    for (const v of [6, 7, 8, 9]) {
      const log = new LogCapture();
      const client = createClient(configFor(server), { env: {}, logger: log.sink, verbosity: v });
      await client.getRaw('/api/v1/namespaces/default/configmaps/big');
      levels[v] = log.lines;
    }
    assert.equal(levels[6]?.length, 1);
    assert.match(levels[6]?.[0] ?? '', /^GET https:\/\/127\.0\.0\.1:\d+\/api\/v1\/namespaces\/default\/configmaps\/big 200 OK in \d+ milliseconds$/);
    assert.ok(levels[7]?.includes('Request Headers:'));
    assert.ok(levels[7]?.some((l) => /^Response Status: 200 OK in \d+ milliseconds$/.test(l)));
    assert.ok(!levels[7]?.includes('Response Headers:'));
    assert.ok(levels[8]?.includes('Response Headers:'));
    assert.ok(levels[8]?.some((l) => l === '    X-Extra: yes'));
    const body8 = levels[8]?.find((l) => l.startsWith('Response Body: ')) ?? '';
    assert.match(body8, / \[truncated \d+ chars\]$/);
    const body9 = levels[9]?.find((l) => l.startsWith('Response Body: ')) ?? '';
    assert.equal(body9, `Response Body: ${JSON.stringify(big)}`);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});
