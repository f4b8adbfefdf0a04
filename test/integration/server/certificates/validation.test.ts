import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { call, conditions, csrObject, CSRS, decide } from './support.js';

const CLIENT = 'platform.io/apiserver-client';

function message(a: { body: Record<string, unknown> }): string {
  return String(a.body.message);
}

describe('certificate signing request validation', () => {
  let server: TestServer;
  const admin = { token: '' };
  before(async () => {
    server = await startTestServer({ certificates: { signer: false, autoApprove: false } });
    admin.token = server.adminToken;
  });
  after(async () => {
    await server.stop();
  });

  async function create(name: string, patch: (o: Record<string, unknown>) => void): Promise<{ status: number; msg: string; body: Record<string, unknown> }> {
    const { object } = await csrObject(name, CLIENT, ['client auth'], { commonName: 'alice' });
    patch(object);
    const r = await call(server, 'POST', CSRS, { ...admin, body: object });
    return { status: r.status, msg: message(r), body: r.body };
  }
  const spec = (o: Record<string, unknown>): Record<string, unknown> => o.spec as Record<string, unknown>;

  test('a valid request is created with the requestor from the authenticated user, ignoring the body', async () => {
    const r = await create('valid', (o) => Object.assign(spec(o), { username: 'mallory', groups: ['system:masters'], uid: 'x', expirationSeconds: 600 }));
    assert.equal(r.status, 201, r.msg);
    const s = r.body.spec as Record<string, unknown>;
    assert.equal(s.username, 'admin');
    assert.deepEqual(s.groups, ['system:masters', 'system:authenticated']);
    assert.equal(s.uid, undefined);
    assert.deepEqual(r.body.status ?? {}, {});
  });

  test('spec.request must be a PEM CERTIFICATE REQUEST whose signature verifies', async () => {
    let r = await create('no-request', (o) => { spec(o).request = Buffer.from('hello').toString('base64'); });
    assert.equal(r.status, 422);
    assert.equal(r.msg, 'CertificateSigningRequest.certificates.platform.io "no-request" is invalid: spec.request: Invalid value: PEM block type must be CERTIFICATE REQUEST');
    r = await create('tampered', (o) => {
      const pem = Buffer.from(String(spec(o).request), 'base64').toString();
      const body = pem.split('\n').filter((l) => !l.startsWith('-----')).join('');
      const der = Buffer.from(body, 'base64');
      der[der.length - 5] = (der[der.length - 5] ?? 0) ^ 0x01;
      const out = `-----BEGIN CERTIFICATE REQUEST-----\n${der.toString('base64')}\n-----END CERTIFICATE REQUEST-----\n`;
      spec(o).request = Buffer.from(out).toString('base64');
    });
    assert.equal(r.status, 422);
    assert.match(r.msg, /spec\.request: Invalid value: x509: ECDSA verification failure/);
  });

  test('signerName is required, well-formed, and not the legacy signer', async () => {
    let r = await create('no-signer', (o) => { delete spec(o).signerName; });
    assert.equal(r.status, 422);
    assert.match(r.msg, /spec\.signerName: Required value/);
    r = await create('legacy', (o) => { spec(o).signerName = 'platform.io/legacy-unknown'; });
    assert.match(r.msg, /spec\.signerName: Invalid value: "platform\.io\/legacy-unknown": the legacy signerName is not allowed via this API version/);
    r = await create('bad-signer', (o) => { spec(o).signerName = 'nodomain'; });
    assert.match(r.msg, /spec\.signerName: Invalid value: "nodomain": must be a fully qualified domain and path of the form 'example.com\/signer-name'/);
  });

  test('usages are required, known and unique', async () => {
    let r = await create('no-usages', (o) => { spec(o).usages = []; });
    assert.equal(r.status, 422);
    assert.match(r.msg, /spec\.usages: Required value/);
    r = await create('unknown-usage', (o) => { spec(o).usages = ['client auth', 'flying']; });
    assert.match(r.msg, /spec\.usages\[1\]: Unsupported value: "flying": supported values: "any", "cert sign", "client auth"/);
    r = await create('dup-usage', (o) => { spec(o).usages = ['client auth', 'client auth']; });
    assert.match(r.msg, /spec\.usages\[1\]: Duplicate value: "client auth"/);
    for (const u of ['signing', 'content commitment', 'key agreement', 'data encipherment', 'crl sign', 'encipher only', 'decipher only', 's/mime',
      'ipsec end system', 'ipsec tunnel', 'ipsec user', 'timestamping', 'ocsp signing', 'microsoft sgc', 'netscape sgc', 'code signing', 'email protection']) {
      r = await create(`usage-${u.replace(/[^a-z]/g, '')}`, (o) => { spec(o).usages = [u]; });
      assert.equal(r.status, 201, `${u}: ${r.msg}`);
    }
  });

  test('expirationSeconds must be at least 600', async () => {
    const r = await create('short', (o) => { spec(o).expirationSeconds = 599; });
    assert.equal(r.status, 422);
    assert.match(r.msg, /spec\.expirationSeconds: Invalid value: 599: may not specify a duration less than 600 seconds \(10 minutes\)/);
  });

  test('the spec cannot change after create', async () => {
    assert.equal((await create('immutable', () => undefined)).status, 201);
    const cur = await call(server, 'GET', `${CSRS}/immutable`, admin);
    const body = { ...cur.body, spec: { ...(cur.body.spec as object), usages: ['server auth'], signerName: 'example.com/x' } };
    const r = await call(server, 'PUT', `${CSRS}/immutable`, { ...admin, body });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual((r.body.spec as Record<string, unknown>).usages, ['client auth']);
    assert.equal((r.body.spec as Record<string, unknown>).signerName, CLIENT);
  });

  test('status: condition types unique with a status, the certificate only CERTIFICATE blocks', async () => {
    assert.equal((await create('status', () => undefined)).status, 201);
    const cur = await call(server, 'GET', `${CSRS}/status`, admin);
    const put = (status: unknown): Promise<{ status: number; body: Record<string, unknown> }> =>
      call(server, 'PUT', `${CSRS}/status/status`, { ...admin, body: { ...cur.body, status } });
    let r = await put({ conditions: [{ type: 'Ready', status: 'True' }, { type: 'Ready', status: 'True' }] });
    assert.equal(r.status, 422);
    assert.match(message(r), /status\.conditions\[1\]\.type: Duplicate value: "Ready"/);
    r = await put({ conditions: [{ type: 'Ready' }] });
    assert.match(message(r), /status\.conditions\[0\]\.status: Required value/);
    r = await put({ certificate: Buffer.from('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n').toString('base64') });
    assert.match(message(r), /status\.certificate: Invalid value: "<certificate data>": only CERTIFICATE PEM blocks are allowed, found "PRIVATE KEY"/);
    r = await put({ certificate: Buffer.from('junk').toString('base64') });
    assert.match(message(r), /must contain at least one CERTIFICATE PEM block/);
    r = await put({ conditions: [{ type: 'Failed', status: 'False' }] });
    assert.match(message(r), /status\.conditions\[0\]\.status: Invalid value: "False": Failed condition may only be set to True/);
  });

  test('approval: approving a denied request and the reverse are refused', async () => {
    assert.equal((await create('flip', () => undefined)).status, 201);
    let r = await decide(server, 'flip', 'Denied', admin);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(conditions(r).map((c) => c.type), ['Denied']);
    assert.equal(typeof conditions(r)[0]?.lastUpdateTime, 'string');
    r = await decide(server, 'flip', 'Approved', admin);
    assert.equal(r.status, 422);
    assert.match(message(r), /status\.conditions: Invalid value: Approved and Denied conditions are mutually exclusive/);
    const cur = await call(server, 'GET', `${CSRS}/flip`, admin);
    r = await call(server, 'PUT', `${CSRS}/flip/approval`, { ...admin, body: { ...cur.body, status: { conditions: [{ type: 'Approved', status: 'True' }] } } });
    assert.equal(r.status, 422);
    assert.match(message(r), /status\.conditions: Forbidden: updates may not remove a condition of type "Denied"/);

    assert.equal((await create('flip2', () => undefined)).status, 201);
    assert.equal((await decide(server, 'flip2', 'Approved', admin)).status, 200);
    r = await decide(server, 'flip2', 'Denied', admin);
    assert.equal(r.status, 422);
    assert.match(message(r), /mutually exclusive/);
  });

  test('the approval sub-resource changes only Approved/Denied; status never changes them', async () => {
    assert.equal((await create('subres', () => undefined)).status, 201);
    let cur = await call(server, 'GET', `${CSRS}/subres`, admin);
    let r = await call(server, 'PUT', `${CSRS}/subres/approval`, {
      ...admin, body: { ...cur.body, status: { conditions: [{ type: 'Failed', status: 'True' }, { type: 'Approved', status: 'True' }] } },
    });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(conditions(r).map((c) => c.type), ['Approved']);
    cur = await call(server, 'GET', `${CSRS}/subres`, admin);
    // As kube-apiserver: a status write keeps the stored decision and drops the one it sent.
    r = await call(server, 'PUT', `${CSRS}/subres/status`, { ...admin, body: { ...cur.body, status: { conditions: [{ type: 'Denied', status: 'True' }] } } });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(conditions(r).map((c) => c.type), ['Approved']);
  });
});
