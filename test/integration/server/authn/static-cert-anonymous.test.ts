import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { generateTlsMaterial } from '../../../../src/server/tls/certificates.js';
import { call, caFrom, newCA, tempDir, whoami, type TestCA } from './helpers.js';

const hasOpenssl = spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;

describe('authentication: token file, client certificates, anonymous, reviews', () => {
  let server: TestServer;
  let closed: TestServer;
  let serverCA: TestCA;
  let extraCA: TestCA;
  let otherCA: TestCA;
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  before(async () => {
    tmp = await tempDir();
    const tls = await generateTlsMaterial(Date.now());
    serverCA = await caFrom(tls.caPem, tls.caKeyPem);
    extraCA = await newCA('extra-client-ca');
    otherCA = await newCA('unknown-ca');
    const tokenFile = join(tmp.dir, 'tokens.csv');
    await writeFile(tokenFile, 'alice-token,alice,1001,"dev,ops"\nbob-token,bob,1002\n# a comment-like token,x,1\n');
    const caFile = join(tmp.dir, 'client-ca.crt');
    await writeFile(caFile, extraCA.certPem);
    server = await startTestServer({ tls, authentication: { tokenAuthFile: tokenFile, clientCAFile: caFile, anonymous: true } });
    closed = await startTestServer({ tls, authentication: { tokens: [{ token: 'carol-token', username: 'carol', uid: '' }] } });
  });
  after(async () => {
    await server.stop();
    await closed.stop();
    await tmp.remove();
  });

  test('a token of the token file authenticates with its uid and groups, plus system:authenticated', async () => {
    const alice = await whoami(server, { token: 'alice-token' });
    assert.equal(alice.status, 201);
    assert.deepEqual(alice.user, { username: 'alice', uid: '1001', groups: ['dev', 'ops', 'system:authenticated'] });
    const bob = await whoami(server, { token: 'bob-token' });
    assert.deepEqual(bob.user, { username: 'bob', uid: '1002', groups: ['system:authenticated'] });
  });

  test('an unknown bearer token is 401 even with anonymous access on', async () => {
    const r = await call(server, 'GET', '/api/v1/namespaces', { token: 'nobody' });
    assert.equal(r.status, 401);
    assert.equal(r.body.reason, 'Unauthorized');
    assert.equal(r.body.message, 'Unauthorized');
  });

  test('no credentials: system:anonymous when anonymous access is on, 401 when off', async () => {
    const anon = await whoami(server);
    assert.equal(anon.status, 201);
    assert.deepEqual(anon.user, { username: 'system:anonymous', groups: ['system:unauthenticated'] });
    assert.equal((await whoami(closed)).status, 401);
    assert.deepEqual((await whoami(closed, { token: 'carol-token' })).user, { username: 'carol', groups: ['system:authenticated'] });
  });

  test('a client certificate of the server CA authenticates as CN with O as groups', async () => {
    const c = await serverCA.issue({ cn: 'dave', o: ['system:masters', 'team-a'] });
    const r = await whoami(server, c);
    assert.equal(r.status, 201);
    assert.deepEqual(r.user, { username: 'dave', groups: ['system:masters', 'team-a', 'system:authenticated'] });
    // The certificate also works where anonymous access is off.
    assert.equal((await whoami(closed, c)).user.username, 'dave');
  });

  test('a client certificate of --client-ca-file authenticates', async () => {
    const c = await extraCA.issue({ cn: 'erin' });
    assert.equal((await whoami(server, c)).user.username, 'erin');
    assert.equal((await whoami(closed, c)).status, 401);
  });

  test('the TLS handshake names the client CAs as acceptable, so that Go clients send their certificate', { skip: hasOpenssl ? false : 'openssl is not on PATH' }, async () => {
    // Go's TLS client sends no certificate whose issuer the CertificateRequest does not name.
    const url = new URL(server.url);
    const out = await new Promise<string>((resolve) => {
      const child = execFile('openssl', ['s_client', '-connect', `${url.hostname}:${url.port}`], { timeout: 10_000 }, (_e, stdout) => resolve(stdout));
      child.stdin?.end();
    });
    const names = /Acceptable client certificate CA names\n([\s\S]*?)\n(?:Requested|Client Certificate Types|---)/.exec(out)?.[1] ?? '';
    assert.match(names, /CN = extra-client-ca/);
    const serverCN = new X509Certificate(serverCA.certPem).subject.split('CN=')[1]?.split('\n')[0] ?? '-';
    assert.match(names, new RegExp(`CN = ${serverCN}`));
    assert.doesNotMatch(names, /unknown-ca/);
  });

  test('a client certificate of an unknown CA, or expired, is 401', async () => {
    const unknown = await otherCA.issue({ cn: 'mallory', o: ['system:masters'] });
    assert.equal((await call(server, 'GET', '/api/v1/namespaces', unknown)).status, 401);
    const expired = await serverCA.issue({ cn: 'old', notBefore: new Date(Date.now() - 7200_000), notAfter: new Date(Date.now() - 3600_000) });
    assert.equal((await call(server, 'GET', '/api/v1/namespaces', expired)).status, 401);
    const future = await serverCA.issue({ cn: 'early', notBefore: new Date(Date.now() + 3600_000), notAfter: new Date(Date.now() + 7200_000) });
    assert.equal((await call(server, 'GET', '/api/v1/namespaces', future)).status, 401);
  });

  test('TokenReview runs the server authenticators (v1 and v1beta1) and never echoes the token', async () => {
    const ok = await call(server, 'POST', '/apis/authentication.platform.io/v1/tokenreviews', {
      token: server.adminToken, body: { apiVersion: 'authentication.platform.io/v1', kind: 'TokenReview', spec: { token: 'alice-token' } },
    });
    assert.equal(ok.status, 201, ok.text);
    assert.deepEqual(ok.body.spec, {});
    assert.deepEqual(ok.body.status, {
      authenticated: true, user: { username: 'alice', uid: '1001', groups: ['dev', 'ops'] }, audiences: ['https://platform.default.svc.cluster.local'],
    });
    assert.ok(!ok.text.includes('alice-token'));
    const bad = await call(server, 'POST', '/apis/authentication.platform.io/v1beta1/tokenreviews', {
      token: server.adminToken, body: { apiVersion: 'authentication.platform.io/v1beta1', kind: 'TokenReview', spec: { token: 'nope' } },
    });
    assert.equal(bad.status, 201);
    assert.equal(bad.body.apiVersion, 'authentication.platform.io/v1beta1');
    assert.deepEqual(bad.body.status, { user: {}, error: 'invalid bearer token' });
    const otherAudience = await call(server, 'POST', '/apis/authentication.platform.io/v1/tokenreviews', {
      token: server.adminToken, body: { kind: 'TokenReview', apiVersion: 'authentication.platform.io/v1', spec: { token: 'alice-token', audiences: ['vault'] } },
    });
    assert.equal((otherAudience.body.status as { authenticated?: boolean }).authenticated, undefined);
    const empty = await call(server, 'POST', '/apis/authentication.platform.io/v1/tokenreviews', { token: server.adminToken, body: { spec: {} } });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.message, 'token is required for TokenReview in authentication');
  });

  test('the review kinds are create-only and discoverable; serviceaccounts have a token sub-resource', async () => {
    const list = await call(server, 'GET', '/apis/authentication.platform.io/v1', { token: server.adminToken });
    const resources = (list.body.resources as { name: string; verbs: string[] }[]).map((r) => `${r.name}:${r.verbs.join(',')}`);
    assert.deepEqual(resources.sort(), ['selfsubjectreviews:create', 'tokenreviews:create']);
    assert.equal((await call(server, 'GET', '/apis/authentication.platform.io/v1/tokenreviews', { token: server.adminToken })).status, 405);
    const core = await call(server, 'GET', '/api/v1', { token: server.adminToken });
    assert.ok((core.body.resources as { name: string }[]).some((r) => r.name === 'serviceaccounts/token'));
    const beta = await call(server, 'POST', '/apis/authentication.platform.io/v1beta1/selfsubjectreviews', {
      token: 'bob-token', body: { apiVersion: 'authentication.platform.io/v1beta1', kind: 'SelfSubjectReview' },
    });
    assert.equal(beta.status, 201);
    assert.equal(beta.body.apiVersion, 'authentication.platform.io/v1beta1');
    assert.deepEqual((beta.body.status as { userInfo: unknown }).userInfo, { username: 'bob', uid: '1002', groups: ['system:authenticated'] });
    const alpha = await call(server, 'POST', '/apis/authentication.platform.io/v1alpha1/selfsubjectreviews', { token: 'bob-token', body: {} });
    assert.equal(alpha.status, 404);
  });
});
