/**
 * The server's outbound calls against a hostile service: an answer that never ends fails the call
 * once it passes 16 MiB, one nested deeper than request bodies may be fails it too, and one that
 * drips a byte at a time fails at the call's deadline (a socket idle timeout would never fire).
 * Each caller fails as it does for an unreachable service (admission: its failurePolicy;
 * authorization: no opinion; authentication: unauthenticated) and the server goes on answering.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { ApiClient } from '../../../support/api.js';
import { call } from '../../../support/tls-call.js';
import { newKey, nowSeconds, signJwt } from '../../../support/jwt.js';
import { startHostileEndpoint, type HostileEndpoint } from '../../../support/hostile-endpoint.js';

const TOO_LARGE = 'the answer is larger than the limit of 16777216 bytes';
type Kind = 'endless' | 'deep' | 'drip';

describe('hostile answers to the server\'s outbound calls', () => {
  let hostile: HostileEndpoint;
  let dir: string;
  before(async () => {
    hostile = await startHostileEndpoint();
    dir = await mkdtemp(join(tmpdir(), 'platformctl-hostile-'));
  });
  after(async () => {
    await hostile.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs `body` against a fresh server and checks that it still answers afterwards. */
  async function withServer(options: Parameters<typeof startTestServer>[0], body: (server: TestServer) => Promise<void>): Promise<void> {
    const server = await startTestServer(options);
    try {
      await body(server);
      assert.equal((await call(server, 'GET', '/api/v1/namespaces/default', { token: server.adminToken })).status, 200, 'the server still answers');
    } finally {
      await server.stop();
    }
  }

  /** The error a TokenReview reports for `token`, after checking that the token itself gets 401. */
  async function reviewError(server: TestServer, token: string): Promise<unknown> {
    assert.equal((await call(server, 'GET', '/api/v1/namespaces', { token })).status, 401);
    const review = await call(server, 'POST', '/apis/authentication.platform.io/v1/tokenreviews', {
      token: server.adminToken, body: { apiVersion: 'authentication.platform.io/v1', kind: 'TokenReview', spec: { token } },
    });
    return (review.body.status as Record<string, unknown> | undefined)?.error;
  }

  async function tokenWebhook(kind: Kind, expected: string): Promise<void> {
    await withServer({ authentication: { webhook: { configFile: await hostile.writeConfig(dir, `/${kind}`) } } }, async (server) => {
      assert.equal(await reviewError(server, 'some-token'), expected);
    });
  }

  async function oidc(kind: Kind, expected: string): Promise<void> {
    const issuerURL = `${hostile.url}/${kind}`;
    const token = await signJwt({ iss: issuerURL, aud: 'platform', sub: 'u1', iat: nowSeconds(), exp: nowSeconds() + 3600 }, newKey());
    await withServer({ authentication: { oidc: { issuerURL, clientID: 'platform', caPem: hostile.caPem } } }, async (server) => {
      assert.equal(await reviewError(server, token), `oidc: verify token: ${expected}`);
    });
  }

  async function authorizationWebhook(kind: Kind, expected: string): Promise<void> {
    const configFile = await hostile.writeConfig(dir, `/${kind}`);
    await withServer({ authorization: { modes: ['Webhook', 'RBAC'], webhook: { configFile } } }, async (server) => {
      // The administrator's own request passes without the webhook (system:masters); the review asks it about someone.
      const sar = await call(server, 'POST', '/apis/authorization.platform.io/v1/subjectaccessreviews', {
        token: server.adminToken,
        body: { spec: { user: 'someone', groups: ['system:authenticated'], resourceAttributes: { verb: 'list', resource: 'configmaps', namespace: 'default' } } },
      });
      assert.equal(sar.status, 201, sar.text);
      assert.deepEqual(sar.body.status, { allowed: false, evaluationError: expected }, 'no opinion, and RBAC grants nothing');
    });
  }

  async function admissionWebhook(kind: Kind, timeoutSeconds: number, expected: string): Promise<void> {
    await withServer({}, async (server) => {
      const api = new ApiClient(server);
      try {
        assert.equal((await api.post('/api/v1/namespaces', { metadata: { name: kind, labels: { hostile: kind } } })).status, 201);
        const r = await api.post('/apis/admissionregistration.platform.io/v1/validatingwebhookconfigurations', {
          metadata: { name: kind },
          webhooks: [{
            name: `${kind}.example.com`, sideEffects: 'None', admissionReviewVersions: ['v1'], timeoutSeconds, failurePolicy: 'Fail',
            clientConfig: { url: `${hostile.url}/${kind}`, caBundle: Buffer.from(hostile.caPem).toString('base64') },
            rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
            namespaceSelector: { matchLabels: { hostile: kind } },
          }],
        });
        assert.equal(r.status, 201, r.text);
        const refused = await api.post(`/api/v1/namespaces/${kind}/configmaps`, { metadata: { name: 'c' } });
        assert.equal(refused.status, 500, refused.text);
        assert.equal(refused.body.message, `Internal error occurred: failed calling webhook "${kind}.example.com": failed to call webhook: Post "${hostile.url}/${kind}?timeout=${String(timeoutSeconds)}s": ${expected}`);
      } finally {
        api.close();
      }
    });
  }

  test('an endless answer fails the call past 16 MiB', async () => {
    await admissionWebhook('endless', 10, TOO_LARGE);
    await authorizationWebhook('endless', `error contacting webhook: ${TOO_LARGE}`);
    await tokenWebhook('endless', `${hostile.url}/endless: ${TOO_LARGE}`);
    await oidc('endless', `${hostile.url}/endless/.well-known/openid-configuration: ${TOO_LARGE}`);
  });

  test('an answer nested deeper than 256 levels fails the call (it is not walked)', async () => {
    const TOO_DEEP = 'the answer nests deeper than 256 levels';
    await admissionWebhook('deep', 10, TOO_DEEP);
    await authorizationWebhook('deep', `error contacting webhook: ${TOO_DEEP}`);
    await tokenWebhook('deep', `${hostile.url}/deep: ${TOO_DEEP}`);
    await oidc('deep', `${hostile.url}/deep/.well-known/openid-configuration: ${TOO_DEEP}`);
  });

  test('an answer dripping past the deadline fails the call at the deadline', async () => {
    // The callers' deadlines: the webhook's timeoutSeconds, 30 s for authorization, 10 s for authentication.
    await Promise.all([
      admissionWebhook('drip', 1, 'context deadline exceeded'),
      authorizationWebhook('drip', 'error contacting webhook: timed out after 30000ms'),
      tokenWebhook('drip', `${hostile.url}/drip did not answer within 10000 ms`),
      oidc('drip', `${hostile.url}/drip/.well-known/openid-configuration did not answer within 10000 ms`),
    ]);
  });
});
