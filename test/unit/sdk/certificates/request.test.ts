import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { createCertificateRequest, subjectName } from '../../../../src/sdk/certificates/request.js';
import { bootstrapTokenSecret, generateBootstrapToken, parseBootstrapToken } from '../../../../src/sdk/certificates/bootstrap-token.js';
import { loadX509 } from '../../../../src/sdk/types/x509-module.js';
import { parseRequestPem } from '../../../../src/server/certificates/request.js';

describe('PKCS#10 requests', () => {
  test('ECDSA P-256 by default, with subject and SANs, and a verifying signature', async () => {
    await loadX509();
    const r = await createCertificateRequest({ commonName: 'system:node:w1', organizations: ['system:nodes'], dnsNames: ['w1.local'], ipAddresses: ['10.1.2.3'] });
    assert.match(r.csrPem, /^-----BEGIN CERTIFICATE REQUEST-----\n/);
    assert.match(r.keyPem, /^-----BEGIN EC PRIVATE KEY-----\n/);
    const key = createPrivateKey(r.keyPem);
    assert.equal(key.asymmetricKeyDetails?.namedCurve, 'prime256v1');
    const parsed = parseRequestPem(r.csrPem);
    assert.equal(parsed.commonName, 'system:node:w1');
    assert.deepEqual(parsed.organizations, ['system:nodes']);
    assert.deepEqual(parsed.dnsNames, ['w1.local']);
    assert.deepEqual(parsed.ipAddresses, ['10.1.2.3']);
    assert.equal(createPublicKey(key).export({ format: 'der', type: 'spki' }).equals(Buffer.from(parsed.csr.publicKey.rawData)), true);
  });

  test('RSA 2048 with keyType rsa', async () => {
    await loadX509();
    const r = await createCertificateRequest({ commonName: 'alice', keyType: 'rsa' });
    assert.match(r.keyPem, /^-----BEGIN RSA PRIVATE KEY-----\n/);
    assert.equal(createPrivateKey(r.keyPem).asymmetricKeyDetails?.modulusLength, 2048);
    assert.equal(parseRequestPem(r.csrPem).commonName, 'alice');
  });

  test('subject names escape RFC 4514 specials', () => {
    assert.equal(subjectName({ commonName: 'a,b', organizations: ['x+y', 'plain'] }), 'CN=a\\,b, O=x\\+y, O=plain');
  });
});

describe('bootstrap tokens', () => {
  test('generated tokens have the spec format and a matching secret', () => {
    const t = generateBootstrapToken();
    assert.match(t.token, /^[a-z0-9]{6}\.[a-z0-9]{16}$/);
    assert.deepEqual(parseBootstrapToken(t.token), t);
    const s = bootstrapTokenSecret(t, { now: Date.parse('2026-01-01T00:00:00Z'), ttlMs: 3600_000, groups: ['system:bootstrappers:workers'], description: 'join' });
    const data = Object.fromEntries(Object.entries((s as unknown as { data: Record<string, string> }).data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]));
    assert.deepEqual(data, {
      'token-id': t.id, 'token-secret': t.secret, description: 'join', expiration: '2026-01-01T01:00:00Z',
      'usage-bootstrap-signing': 'true', 'usage-bootstrap-authentication': 'true', 'auth-extra-groups': 'system:bootstrappers:workers',
    });
    assert.equal(s.metadata?.name, `bootstrap-token-${t.id}`);
    assert.equal((s as unknown as { type: string }).type, 'bootstrap.platform.io/token');
  });

  test('bad usages and groups are refused', () => {
    const t = generateBootstrapToken();
    assert.throws(() => bootstrapTokenSecret(t, { now: 0, usages: ['flying'] }), /invalid bootstrap token usage string: flying/);
    assert.throws(() => bootstrapTokenSecret(t, { now: 0, groups: ['admins'] }), /bootstrap group "admins" is invalid/);
    assert.throws(() => parseBootstrapToken('nope'), /was not of the form/);
  });
});
