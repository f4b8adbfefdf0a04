import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer, type Server } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { ephemeralTlsMaterial } from '../../../src/server/tls/certificates.js';
import { startTestServer, type TestServer } from '../../support/server.js';

/** The cipher a TLS 1.2 handshake offering only `ciphers` agrees on, or undefined when the server refuses it. */
function negotiate(port: number, caPem: string, ciphers: string, maxVersion: 'TLSv1.2' | 'TLSv1.3' = 'TLSv1.2'): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, ca: caPem, servername: 'localhost', ciphers, maxVersion }, () => {
      resolve(socket.getCipher().standardName);
      socket.destroy();
    });
    socket.on('error', () => resolve(undefined));
  });
}

/** Suites OpenSSL (and so Node) offers on TLS 1.2 by default that Go's crypto/tls does not. */
const NOT_GO = ['ECDHE-ECDSA-AES128-SHA256', 'ECDHE-ECDSA-AES256-SHA384', 'ECDHE-ECDSA-AES128-CCM8', 'ECDHE-ECDSA-AES256-CCM', 'ECDHE-ECDSA-ARIA128-GCM-SHA256'];

describe('TLS cipher suites: those of a Go server', () => {
  let server: TestServer;
  let plain: Server;
  let plainPort = 0;
  before(async () => {
    server = await startTestServer();
    // A TLS server with Node's defaults and the same certificate: it shows that the client below
    // really offers each suite that the API server must refuse.
    const tls = await ephemeralTlsMaterial(Date.now());
    // Every suite OpenSSL has, whatever Node's default list of the day (Node 24's lacks CCM8).
    plain = createServer({ key: tls.keyPem, cert: tls.certPem, ciphers: 'ALL:@SECLEVEL=0' }, (s) => s.end());
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    plainPort = (plain.address() as AddressInfo).port;
  });
  after(async () => {
    await server.stop();
    await new Promise((r) => plain.close(r));
  });

  test('TLS 1.2 suites outside Go\'s default list (CBC-SHA256/384, CCM, CCM8, ARIA) are refused', async (t) => {
    let checked = 0;
    for (const suite of NOT_GO) {
      if ((await negotiate(plainPort, server.caPem, suite)) === undefined) {
        // This Node's OpenSSL cannot make the suite at all, so no client of it can offer it.
        t.diagnostic(`${suite}: not available in OpenSSL ${process.versions.openssl}`);
        continue;
      }
      assert.equal(await negotiate(server.port, server.caPem, suite), undefined, `${suite} must be refused`);
      checked++;
    }
    assert.ok(checked >= 3, `only ${checked} of the suites could be offered here`);
  });

  test('Go\'s default TLS 1.2 suites for an ECDSA certificate are served', async () => {
    const expected: Record<string, string> = {
      'ECDHE-ECDSA-AES128-GCM-SHA256': 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256',
      'ECDHE-ECDSA-AES256-GCM-SHA384': 'TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384',
      'ECDHE-ECDSA-CHACHA20-POLY1305': 'TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256',
      'ECDHE-ECDSA-AES128-SHA': 'TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA',
      'ECDHE-ECDSA-AES256-SHA': 'TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA',
    };
    for (const [suite, standard] of Object.entries(expected)) assert.equal(await negotiate(server.port, server.caPem, suite), standard, suite);
  });

  test('the server picks by its own preference, as Go does: AES-128-GCM first, also on TLS 1.3', async () => {
    assert.equal(await negotiate(server.port, server.caPem, 'ECDHE-ECDSA-AES256-SHA:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-ECDSA-AES128-GCM-SHA256'), 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256');
    assert.equal(await negotiate(server.port, server.caPem, 'ECDHE-ECDSA-AES128-GCM-SHA256', 'TLSv1.3'), 'TLS_AES_128_GCM_SHA256');
  });
});
