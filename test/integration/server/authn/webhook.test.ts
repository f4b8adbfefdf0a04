import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { startTokenWebhook, type Review, type TokenWebhook, type WebhookAnswer } from '../../../support/webhook-server.js';
import { call, tempDir, whoami } from './helpers.js';

function decide(r: Review): WebhookAnswer {
  const token = r.spec?.token ?? '';
  if (token === 'hook-ok') return { status: { authenticated: true, user: { username: 'hooked', uid: 'h1', groups: ['hook-group'], extra: { scope: ['a'] } } } };
  if (token === 'hook-denied') return { status: { authenticated: false, error: 'account disabled' } };
  if (token === 'hook-wrong-version') return { apiVersion: 'authentication.platform.io/v0', status: { authenticated: true, user: { username: 'x' } } };
  return { status: { authenticated: false } };
}

describe('webhook token authentication', () => {
  let hook: TokenWebhook;
  let v1beta1: TestServer;
  let v1: TestServer;
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  before(async () => {
    tmp = await tempDir();
    hook = await startTokenWebhook(decide);
    const configFile = await hook.writeConfig(tmp.dir);
    v1beta1 = await startTestServer({ authentication: { webhook: { configFile, cacheTtlMs: 1500 } } });
    v1 = await startTestServer({ authentication: { webhook: { configFile, version: 'v1' } } });
  });
  after(async () => {
    await v1beta1.stop();
    await v1.stop();
    await hook.stop();
    await tmp.remove();
  });

  test('v1beta1 by default: the answer decides, with the user info of the review', async () => {
    const r = await whoami(v1beta1, { token: 'hook-ok' });
    assert.equal(r.status, 201);
    assert.deepEqual(r.user, { username: 'hooked', uid: 'h1', groups: ['hook-group', 'system:authenticated'], extra: { scope: ['a'] } });
    const sent = hook.reviews.find((x) => x.spec?.token === 'hook-ok');
    assert.equal(sent?.apiVersion, 'authentication.platform.io/v1beta1');
    assert.deepEqual(sent?.spec?.audiences, ['https://platform.default.svc.cluster.local']);
  });

  test('v1 with --authentication-token-webhook-version=v1; an answer of another version is refused', async () => {
    assert.equal((await whoami(v1, { token: 'hook-ok' })).user.username, 'hooked');
    assert.ok(hook.reviews.some((x) => x.apiVersion === 'authentication.platform.io/v1'));
    assert.equal((await whoami(v1, { token: 'hook-wrong-version' })).status, 401);
  });

  test('refusals are 401 with the generic message; the review error is reported by TokenReview', async () => {
    for (const token of ['hook-denied', 'hook-unknown']) {
      const r = await call(v1beta1, 'GET', '/api/v1/namespaces', { token });
      assert.equal(r.status, 401);
      assert.equal(r.body.message, 'Unauthorized');
    }
    const review = await call(v1beta1, 'POST', '/apis/authentication.platform.io/v1/tokenreviews', {
      token: v1beta1.adminToken, body: { apiVersion: 'authentication.platform.io/v1', kind: 'TokenReview', spec: { token: 'hook-denied' } },
    });
    assert.deepEqual(review.body.status, { user: {}, error: 'account disabled' });
  });

  test('decisions are cached for the TTL', async () => {
    const count = (): number => hook.reviews.filter((x) => x.spec?.token === 'hook-ok' && x.apiVersion?.endsWith('v1beta1') === true).length;
    await whoami(v1beta1, { token: 'hook-ok' });
    const before = count();
    for (let i = 0; i < 3; i++) await whoami(v1beta1, { token: 'hook-ok' });
    assert.equal(count(), before);
    await sleep(1600);
    await whoami(v1beta1, { token: 'hook-ok' });
    assert.equal(count(), before + 1);
  });
});
