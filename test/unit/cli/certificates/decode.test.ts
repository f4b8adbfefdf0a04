import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeIssuedCertificates, decodeRequest, decodeSigningRequest } from '../../../../src/cli/certificates/decode.js';
import { createCertificateRequest } from '../../../../src/sdk/certificates/request.js';
import type { CertificateSigningRequest } from '../../../../src/sdk/types/certificates.js';
import { generateTlsMaterial } from '../../../../src/server/tls/certificates.js';

function csrWith(requestPem: string, certificatePem?: string): CertificateSigningRequest {
  return {
    apiVersion: 'certificates.platform.io/v1', kind: 'CertificateSigningRequest', metadata: { name: 'x' },
    spec: { request: Buffer.from(requestPem).toString('base64'), signerName: 'platform.io/nodeagent-serving', usages: ['digital signature', 'server auth'] },
    ...(certificatePem !== undefined ? { status: { certificate: Buffer.from(certificatePem).toString('base64') } } : {}),
  };
}

describe('decoding signing requests for describe', () => {
  test('the request: subject, alternative names and the usages of the spec', async () => {
    const r = await createCertificateRequest({ commonName: 'system:node:n1', organizations: ['system:nodes'], dnsNames: ['n1.local'], ipAddresses: ['10.0.0.1'] });
    const d = await decodeRequest(csrWith(r.csrPem));
    assert.equal(d?.subject.commonName, 'system:node:n1');
    assert.deepEqual(d?.subject.organization, ['system:nodes']);
    assert.deepEqual(d?.dnsNames, ['n1.local']);
    assert.deepEqual(d?.ipAddresses, ['10.0.0.1']);
    assert.deepEqual(d?.usages, ['digital signature', 'server auth']);
    assert.equal(await decodeRequest(csrWith('junk')), undefined);
  });

  test('the issued certificate: subject, issuer, validity, names', async () => {
    const tls = await generateTlsMaterial(Date.parse('2026-01-01T00:00:00Z'));
    const r = await createCertificateRequest({ commonName: 'a' });
    const { certificates, request } = await decodeSigningRequest(csrWith(r.csrPem, tls.certPem));
    assert.equal(request?.subject.commonName, 'a');
    assert.equal(certificates.length, 1);
    const c = certificates[0];
    assert.equal(c?.subject, 'CN=platform-apiserver');
    assert.match(c?.issuer ?? '', /^CN=platform-local-ca-/);
    assert.equal(c?.notBefore, '2025-12-31T23:00:00Z');
    assert.ok(c?.dnsNames.includes('localhost'));
    assert.ok(c?.ipAddresses.includes('127.0.0.1'));
    assert.equal(c?.isCA, false);
    assert.deepEqual(decodeIssuedCertificates(csrWith(r.csrPem)), []);
  });
});
