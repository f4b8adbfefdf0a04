import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { verifyClusterInfo, verifyDetachedJws } from '../../../../src/sdk/certificates/cluster-info.js';
import { ProtocolError } from '../../../../src/sdk/errors.js';
import { clientConfigText } from '../../../../src/server/certificates/bootstrap-signer.js';
import { detachedSignature } from '../../../../src/server/certificates/jws.js';

const ID = 'abcdef';
const SECRET = '0123456789abcdef';
const TOKEN = `${ID}.${SECRET}`;
const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const CONTENT = clientConfigText('https://127.0.0.1:6443', CA);

function b64url(s: string | Buffer): string {
  return Buffer.from(s).toString('base64url');
}

/** A detached JWS with any header, HMAC'd with `hash` and `key`. */
function jwsWith(header: Record<string, unknown>, content: string, key: string, hash = 'sha256'): string {
  const h = b64url(JSON.stringify(header));
  return `${h}..${b64url(createHmac(hash, key).update(`${h}.${b64url(content)}`).digest())}`;
}

describe('cluster-info JWS verification', () => {
  test('the server signature verifies and yields the server and CA', async () => {
    const jws = detachedSignature(CONTENT, ID, SECRET);
    assert.match(jws, /^[A-Za-z0-9_-]+\.\.[A-Za-z0-9_-]+$/);
    assert.deepEqual(JSON.parse(Buffer.from(jws.split('.')[0] ?? '', 'base64url').toString()), { alg: 'HS256', kid: ID });
    const info = await verifyClusterInfo({ clientconfig: CONTENT, [`jws-clientconfig-${ID}`]: jws }, TOKEN);
    assert.equal(info.server, 'https://127.0.0.1:6443');
    assert.equal(info.caPem, CA);
  });

  test('a tampered payload is rejected', async () => {
    const jws = detachedSignature(CONTENT, ID, SECRET);
    const tampered = CONTENT.replace('127.0.0.1', '10.6.6.6');
    await assert.rejects(verifyClusterInfo({ clientconfig: tampered, [`jws-clientconfig-${ID}`]: jws }, TOKEN),
      (e: unknown) => e instanceof ProtocolError && e.message === "failed to verify JWS signature of received cluster info object, can't trust this API Server");
  });

  test('a wrong token (same id, other secret) is rejected', async () => {
    const jws = detachedSignature(CONTENT, ID, 'ffffffffffffffff');
    await assert.rejects(verifyClusterInfo({ clientconfig: CONTENT, [`jws-clientconfig-${ID}`]: jws }, TOKEN), /can't trust this API Server/);
  });

  test('other algorithms are rejected, even when correctly keyed', async () => {
    assert.equal(await verifyDetachedJws(jwsWith({ alg: 'HS384', kid: ID }, CONTENT, TOKEN, 'sha384'), CONTENT, TOKEN), false);
    assert.equal(await verifyDetachedJws(`${b64url(JSON.stringify({ alg: 'none' }))}..`, CONTENT, TOKEN), false);
    assert.equal(await verifyDetachedJws(jwsWith({ alg: 'HS256', kid: ID }, CONTENT, TOKEN), CONTENT, TOKEN), true);
  });

  test('an attached payload or malformed JWS is not a detached signature', async () => {
    const jws = detachedSignature(CONTENT, ID, SECRET);
    const [h, , s] = jws.split('.');
    assert.equal(await verifyDetachedJws(`${h}.${b64url(CONTENT)}.${s}`, CONTENT, TOKEN), false);
    assert.equal(await verifyDetachedJws(`${h}..`, CONTENT, TOKEN), false);
    assert.equal(await verifyDetachedJws('garbage', CONTENT, TOKEN), false);
  });

  test('a missing signature (expired or unknown token) names the token id', async () => {
    await assert.rejects(verifyClusterInfo({ clientconfig: CONTENT, 'jws-clientconfig-zzzzzz': 'x..y' }, TOKEN),
      /token id "abcdef" is invalid for this cluster or it has expired/);
    await assert.rejects(verifyClusterInfo({}, TOKEN), /there is no clientconfig key in the cluster-info ConfigMap/);
  });

  test('a malformed token is an input error that never prints the secret', async () => {
    await assert.rejects(verifyClusterInfo({ clientconfig: CONTENT }, 'abcdef.short'), (e: unknown) => e instanceof Error && !e.message.includes('short'));
  });
});
