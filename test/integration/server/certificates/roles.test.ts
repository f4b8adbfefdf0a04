import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { call, certificatePem, conditions, csrObject, CSRS, decide } from './support.js';

const CLIENT = 'platform.io/apiserver-client';
const RBAC = '/apis/rbac.authorization.platform.io/v1';

function clusterRole(name: string, rules: unknown[]): Record<string, unknown> {
  return { apiVersion: 'rbac.authorization.platform.io/v1', kind: 'ClusterRole', metadata: { name }, rules };
}

function bindingFor(user: string, role: string): Record<string, unknown> {
  return {
    apiVersion: 'rbac.authorization.platform.io/v1', kind: 'ClusterRoleBinding', metadata: { name: role },
    roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'ClusterRole', name: role }, subjects: [{ apiGroup: 'rbac.authorization.platform.io', kind: 'User', name: user }],
  };
}

const READ = { apiGroups: ['certificates.platform.io'], resources: ['certificatesigningrequests'], verbs: ['get', 'list', 'watch'] };

describe('the certificate role rules', () => {
  let server: TestServer;
  const admin = { token: '' };
  const approver = { token: 'approver-token' };
  const signer = { token: 'signer-token' };
  const wildcard = { token: 'wildcard-token' };
  before(async () => {
    server = await startTestServer({
      authorization: { modes: ['RBAC'] },
      authentication: { tokens: [
        { token: approver.token, username: 'approver', uid: '1' }, { token: signer.token, username: 'signer', uid: '2' }, { token: wildcard.token, username: 'wild', uid: '3' },
      ] },
      certificates: { signer: false, autoApprove: false },
    });
    admin.token = server.adminToken;
    const objects: [string, Record<string, unknown>][] = [
      ['clusterroles', clusterRole('csr-approver', [READ,
        { apiGroups: ['certificates.platform.io'], resources: ['certificatesigningrequests/approval', 'certificatesigningrequests/status'], verbs: ['update'] },
        { apiGroups: ['certificates.platform.io'], resources: ['signers'], resourceNames: [CLIENT], verbs: ['approve'] }])],
      ['clusterroles', clusterRole('csr-signer', [READ,
        { apiGroups: ['certificates.platform.io'], resources: ['certificatesigningrequests/status', 'certificatesigningrequests/approval'], verbs: ['update'] },
        { apiGroups: ['certificates.platform.io'], resources: ['signers'], resourceNames: [CLIENT], verbs: ['sign'] }])],
      ['clusterroles', clusterRole('csr-wild', [READ,
        { apiGroups: ['certificates.platform.io'], resources: ['certificatesigningrequests/approval'], verbs: ['update'] },
        { apiGroups: ['certificates.platform.io'], resources: ['signers'], resourceNames: ['example.com/*'], verbs: ['approve'] }])],
      ['clusterrolebindings', bindingFor('approver', 'csr-approver')],
      ['clusterrolebindings', bindingFor('signer', 'csr-signer')],
      ['clusterrolebindings', bindingFor('wild', 'csr-wild')],
    ];
    for (const [plural, body] of objects) assert.equal((await call(server, 'POST', `${RBAC}/${plural}`, { ...admin, body })).status, 201);
  });
  after(async () => {
    await server.stop();
  });

  async function create(name: string, signerName = CLIENT): Promise<void> {
    const { object } = await csrObject(name, signerName, ['client auth'], { commonName: name });
    assert.equal((await call(server, 'POST', CSRS, { ...admin, body: object })).status, 201);
  }

  async function setCertificate(name: string, who: { token: string }): Promise<{ status: number; body: Record<string, unknown> }> {
    const cur = await call(server, 'GET', `${CSRS}/${name}`, admin);
    const status = { ...(cur.body.status as object), certificate: Buffer.from(server.caPem).toString('base64') };
    return call(server, 'PUT', `${CSRS}/${name}/status`, { ...who, body: { ...cur.body, status } });
  }

  test('a user who may approve but not sign', async () => {
    await create('one');
    const r = await decide(server, 'one', 'Approved', approver);
    assert.equal(r.status, 200, r.body.message as string);
    const s = await setCertificate('one', approver);
    assert.equal(s.status, 403);
    assert.equal(s.body.message, 'certificatesigningrequests.certificates.platform.io "one" is forbidden: user not permitted to sign requests with signerName "platform.io/apiserver-client"');
  });

  test('a user who may sign but not approve', async () => {
    await create('two');
    const r = await decide(server, 'two', 'Approved', signer);
    assert.equal(r.status, 403);
    assert.equal(r.body.message, 'certificatesigningrequests.certificates.platform.io "two" is forbidden: user not permitted to approve requests with signerName "platform.io/apiserver-client"');
    assert.equal((await decide(server, 'two', 'Approved', approver)).status, 200);
    const s = await setCertificate('two', signer);
    assert.equal(s.status, 200, s.body.message as string);
    assert.notEqual(certificatePem(await call(server, 'GET', `${CSRS}/two`, admin)), '');
  });

  test('signers resourceNames <domain>/* cover every signer of the domain', async () => {
    await create('three', 'example.com/anything');
    assert.equal((await decide(server, 'three', 'Approved', wildcard)).status, 200);
    await create('four');
    assert.equal((await decide(server, 'four', 'Denied', wildcard)).status, 403);
    assert.deepEqual(conditions(await call(server, 'GET', `${CSRS}/four`, admin)), []);
  });

  test('without the approval sub-resource permission the request is refused before admission', async () => {
    await create('five');
    const r = await decide(server, 'five', 'Approved', { token: 'nobody' });
    assert.equal(r.status, 401);
  });
});
