import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { webcrypto, X509Certificate } from 'node:crypto';
import { loadX509 } from '../../../../src/sdk/types/x509-module.js';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { call, certificatePem, conditions, csrObject, CSRS, decide, waitFor, type Answer } from './support.js';
import type { CertificateRequestOptions } from '../../../../src/sdk/certificates/request.js';

const CLIENT = 'platform.io/apiserver-client';
const NODE_CLIENT = 'platform.io/apiserver-client-nodeagent';
const SERVING = 'platform.io/nodeagent-serving';
const NODE_USAGES = ['key encipherment', 'digital signature', 'client auth'];
const SERVING_USAGES = ['key encipherment', 'digital signature', 'server auth'];
const DAY_MS = 24 * 3600 * 1000;

describe('the signing controller of the built-in signers', () => {
  let server: TestServer;
  const admin = { token: '' };
  before(async () => {
    // Auto-approval off: each case approves explicitly.
    server = await startTestServer({ certificates: { autoApprove: false, signingDurationMs: 2 * DAY_MS } });
    admin.token = server.adminToken;
  });
  after(async () => {
    await server.stop();
  });

  let n = 0;
  async function submit(signer: string, usages: string[], subject: CertificateRequestOptions, extra: Record<string, unknown> = {}): Promise<{ name: string; keyPem: string; done: Answer }> {
    const name = `csr-${++n}`;
    const { object, keyPem } = await csrObject(name, signer, usages, subject, extra);
    const created = await call(server, 'POST', CSRS, { ...admin, body: object });
    assert.equal(created.status, 201, created.text);
    const approved = await decide(server, name, 'Approved', admin);
    assert.equal(approved.status, 200, approved.text);
    const done = await waitFor(server, `${CSRS}/${name}`, admin, (a) => certificatePem(a) !== '' || conditions(a).some((c) => c.type === 'Failed'));
    return { name, keyPem, done };
  }

  function failed(a: Answer): Record<string, unknown> | undefined {
    return conditions(a).find((c) => c.type === 'Failed');
  }

  test('apiserver-client: signed with the requested usages, verifying against the CA, lifetime min(duration, expirationSeconds)', async () => {
    const r = await submit(CLIENT, ['client auth', 'digital signature'], { commonName: 'alice', organizations: ['devs'] }, { expirationSeconds: 3600 });
    const cert = new X509Certificate(certificatePem(r.done));
    const ca = new X509Certificate(server.caPem);
    assert.equal(cert.checkIssued(ca), true);
    assert.equal(cert.verify(ca.publicKey), true);
    assert.equal(cert.ca, false);
    assert.match(cert.subject, /CN=alice/);
    assert.match(cert.subject, /O=devs/);
    assert.deepEqual(cert.keyUsage, ['1.3.6.1.5.5.7.3.2']);
    const lifetime = Date.parse(cert.validTo) - Date.now();
    assert.ok(lifetime > 3500_000 && lifetime <= 3600_000, `lifetime ${lifetime}`);
    assert.equal(failed(r.done), undefined);
  });

  test('the lifetime is capped by the cluster signing duration', async () => {
    const r = await submit(CLIENT, ['client auth'], { commonName: 'bob' }, { expirationSeconds: 30 * 24 * 3600 });
    const lifetime = Date.parse(new X509Certificate(certificatePem(r.done)).validTo) - Date.now();
    assert.ok(lifetime > 2 * DAY_MS - 60_000 && lifetime <= 2 * DAY_MS, `lifetime ${lifetime}`);
  });

  test('a client then authenticates with the issued certificate', async () => {
    const r = await submit(CLIENT, ['client auth', 'key encipherment', 'digital signature'], { commonName: 'carol', organizations: ['team-a', 'team-b'] });
    const review = await call(server, 'POST', '/apis/authentication.platform.io/v1/selfsubjectreviews', {
      cert: certificatePem(r.done), key: r.keyPem, body: { apiVersion: 'authentication.platform.io/v1', kind: 'SelfSubjectReview' },
    });
    assert.equal(review.status, 201, review.text);
    const info = (review.body.status as { userInfo: Record<string, unknown> }).userInfo;
    assert.equal(info.username, 'carol');
    assert.deepEqual(info.groups, ['team-a', 'team-b', 'system:authenticated']);
  });

  test('apiserver-client refusals get a Failed condition with the reason', async () => {
    let r = await submit(CLIENT, ['client auth', 'server auth'], { commonName: 'x' });
    assert.deepEqual([failed(r.done)?.reason, failed(r.done)?.message], ['SignerValidationFailure', 'invalid usage for client certificate: server auth']);
    assert.equal(certificatePem(r.done), '');
    r = await submit(CLIENT, ['digital signature'], { commonName: 'x' });
    assert.equal(failed(r.done)?.message, 'missing required usage for client certificate: client auth');
  });

  test('apiserver-client refuses system:masters at admission', async () => {
    const { object } = await csrObject('masters', CLIENT, ['client auth'], { commonName: 'root', organizations: ['system:masters'] });
    const r = await call(server, 'POST', CSRS, { ...admin, body: object });
    assert.equal(r.status, 403);
    assert.equal(r.body.message, 'certificatesigningrequests.certificates.platform.io "masters" is forbidden: use of platform.io/apiserver-client signer with system:masters group is not allowed');
  });

  test('apiserver-client-nodeagent: system:nodes, system:node: name, no SANs, exactly its usages', async () => {
    const ok = await submit(NODE_CLIENT, NODE_USAGES, { commonName: 'system:node:n1', organizations: ['system:nodes'] });
    assert.notEqual(certificatePem(ok.done), '');
    const cases: [string[], CertificateRequestOptions, string][] = [
      [NODE_USAGES, { commonName: 'system:node:n1', organizations: ['other'] }, 'subject organization is not system:nodes'],
      [NODE_USAGES, { commonName: 'system:node:n1', organizations: ['system:nodes'], dnsNames: ['n1.example'] }, 'DNS subjectAltNames are not allowed'],
      [NODE_USAGES, { commonName: 'system:node:n1', organizations: ['system:nodes'], ipAddresses: ['10.0.0.1'] }, 'IP subjectAltNames are not allowed'],
      [NODE_USAGES, { commonName: 'n1', organizations: ['system:nodes'] }, 'subject common name does not begin with system:node:'],
      [['digital signature', 'client auth'], { commonName: 'system:node:n1', organizations: ['system:nodes'] }, 'usages did not match [client auth digital signature key encipherment]'],
    ];
    for (const [usages, subject, why] of cases) {
      const r = await submit(NODE_CLIENT, usages, subject);
      assert.equal(failed(r.done)?.message, why);
      assert.equal(certificatePem(r.done), '');
    }
  });

  test('nodeagent-serving: at least one DNS or IP name, server auth usages', async () => {
    const ok = await submit(SERVING, SERVING_USAGES, { commonName: 'system:node:n1', organizations: ['system:nodes'], dnsNames: ['n1.local'], ipAddresses: ['10.0.0.7'] });
    const cert = new X509Certificate(certificatePem(ok.done));
    assert.equal(cert.checkHost('n1.local'), 'n1.local');
    assert.equal(cert.checkIP('10.0.0.7'), '10.0.0.7');
    assert.deepEqual(cert.keyUsage, ['1.3.6.1.5.5.7.3.1']);
    const cases: [string[], CertificateRequestOptions, string][] = [
      [SERVING_USAGES, { commonName: 'system:node:n1', organizations: ['system:nodes'] }, 'DNS or IP subjectAltName is required'],
      [SERVING_USAGES, { commonName: 'system:node:n1', organizations: ['x'], dnsNames: ['a'] }, 'subject organization is not system:nodes'],
      [SERVING_USAGES, { commonName: 'n1', organizations: ['system:nodes'], dnsNames: ['a'] }, 'subject common name does not begin with system:node:'],
      [NODE_USAGES, { commonName: 'system:node:n1', organizations: ['system:nodes'], dnsNames: ['a'] }, 'usages did not match [digital signature key encipherment server auth]'],
    ];
    for (const [usages, subject, why] of cases) {
      const r = await submit(SERVING, usages, subject);
      assert.equal(failed(r.done)?.message, why);
    }
  });

  test('a request asking for the CA bit is refused', async () => {
    const x509 = await loadX509();
    const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
    const keys = await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']) as webcrypto.CryptoKeyPair;
    const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: 'CN=wannabe-ca', keys, signingAlgorithm: alg, extensions: [new x509.BasicConstraintsExtension(true, undefined, true)] });
    const name = 'ca-bit';
    const body = { apiVersion: 'certificates.platform.io/v1', kind: 'CertificateSigningRequest', metadata: { name }, spec: { request: Buffer.from(csr.toString('pem')).toString('base64'), signerName: CLIENT, usages: ['client auth'] } };
    assert.equal((await call(server, 'POST', CSRS, { ...admin, body })).status, 201);
    assert.equal((await decide(server, name, 'Approved', admin)).status, 200);
    const done = await waitFor(server, `${CSRS}/${name}`, admin, (a) => failed(a) !== undefined);
    assert.equal(failed(done)?.message, 'the CA bit is not allowed');
    assert.equal(certificatePem(done), '');
  });

  test('denied, pending and custom-signer requests are not signed', async () => {
    const { object } = await csrObject('denied', CLIENT, ['client auth'], { commonName: 'd' });
    assert.equal((await call(server, 'POST', CSRS, { ...admin, body: object })).status, 201);
    assert.equal((await decide(server, 'denied', 'Denied', admin)).status, 200);
    const custom = await csrObject('custom', 'example.com/mine', ['client auth'], { commonName: 'd' });
    assert.equal((await call(server, 'POST', CSRS, { ...admin, body: custom.object })).status, 201);
    assert.equal((await decide(server, 'custom', 'Approved', admin)).status, 200);
    await server.settle();
    for (const name of ['denied', 'custom']) {
      const r = await call(server, 'GET', `${CSRS}/${name}`, admin);
      assert.equal(certificatePem(r), '');
      assert.equal(failed(r), undefined);
    }
  });
});
