import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { newCA, whoami, type TestCA } from './helpers.js';

describe('authenticating proxy (request headers)', () => {
  let server: TestServer;
  let proxyCA: TestCA;
  let otherCA: TestCA;
  before(async () => {
    proxyCA = await newCA('front-proxy-ca');
    otherCA = await newCA('other');
    server = await startTestServer({
      authentication: {
        requestHeader: {
          clientCAPem: proxyCA.certPem, allowedNames: ['front-proxy'], usernameHeaders: ['X-Remote-User', 'X-Other-User'],
          groupHeaders: ['X-Remote-Group'], extraHeadersPrefix: ['X-Remote-Extra-'],
        },
      },
    });
  });
  after(() => server.stop());

  const headers = { 'X-Remote-User': 'proxied', 'X-Remote-Group': ['g1', 'g2'], 'X-Remote-Extra-Acme.com%2Fproject': 'p1', 'X-Remote-Extra-Scopes': ['s1', 's2'] };

  test('an allowed proxy certificate makes the headers the user', async () => {
    const r = await whoami(server, { ...(await proxyCA.issue({ cn: 'front-proxy' })), headers });
    assert.equal(r.status, 201);
    assert.deepEqual(r.user, {
      username: 'proxied', groups: ['g1', 'g2', 'system:authenticated'], extra: { 'acme.com/project': ['p1'], scopes: ['s1', 's2'] },
    });
    const second = await whoami(server, { ...(await proxyCA.issue({ cn: 'front-proxy' })), headers: { 'X-Other-User': 'second' } });
    assert.deepEqual(second.user, { username: 'second', groups: ['system:authenticated'] });
  });

  test('a certificate of another CA, or a common name not allowed, is not believed', async () => {
    assert.equal((await whoami(server, { ...(await otherCA.issue({ cn: 'front-proxy' })), headers })).status, 401);
    assert.equal((await whoami(server, { ...(await proxyCA.issue({ cn: 'someone' })), headers })).status, 401);
  });

  test('headers without a proxy certificate are ignored', async () => {
    const r = await whoami(server, { token: server.adminToken, headers });
    assert.equal(r.user.username, 'admin');
    assert.equal((await whoami(server, { headers })).status, 401);
  });
});
