import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRequest } from '../../../../src/cli/certificates/decode.js';
import { createCertificateRequest } from '../../../../src/sdk/certificates/request.js';
import type { CertificateSigningRequest } from '../../../../src/sdk/types/certificates.js';

function csrWith(requestPem: string): CertificateSigningRequest {
  return {
    apiVersion: 'certificates.platform.io/v1', kind: 'CertificateSigningRequest', metadata: { name: 'x' },
    spec: { request: Buffer.from(requestPem).toString('base64'), signerName: 'platform.io/nodeagent-serving', usages: ['digital signature', 'server auth'] },
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
});
