/**
 * The cluster-CA check without Node's root store (ca-checking-agent.ts, chain-check.ts) behaves
 * exactly as Node's own verification: for each case the same accept/refuse and the same error
 * (code and message) as an https request with `ca` and `rejectUnauthorized`, kubectl's wording
 * through the SDK, no byte sent to a server that was refused, and the fast path (one connection)
 * taken for the chains it is meant for.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { createServer, type Socket } from 'node:net';
import * as x509 from '@peculiar/x509';
import { createClient } from '../../../../src/sdk/client.js';
import { TransportError } from '../../../../src/sdk/errors.js';
import { chainCertainlyTrusted, parseCaBundle } from '../../../../src/sdk/transport/chain-check.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { createNodeRequester } from '../../../../src/sdk/transport/node-requester.js';
import { issue, RecordingTlsServer, type Issued } from './pki.js';

const HOUR = 3600_000;
const TOKEN = 'secret-token-never-sent';

/** Outcome of one request: `ok`, or the error's code and message. */
type Outcome = 'ok' | { code: string | undefined; message: string };

function outcomeOf(err: unknown): Outcome {
  const e = err as { code?: string; message?: string };
  return { code: e.code, message: e.message ?? String(err) };
}

/** Node's own verification: an https request with `ca` and `rejectUnauthorized`. */
function nodeOutcome(host: string, port: number, ca: string, servername?: string): Promise<Outcome> {
  const agent = new HttpsAgent({ ca, rejectUnauthorized: true, ...(servername === undefined ? {} : { servername }) });
  return new Promise<Outcome>((resolve) => {
    const req = httpsRequest({ host, port, path: '/version', agent, headers: { authorization: `Bearer ${TOKEN}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve('ok'));
    });
    req.on('error', (err) => resolve(outcomeOf(err)));
    req.end();
  }).finally(() => agent.destroy());
}

/** Ours: the requester the transport uses for a cluster with a CA bundle. */
async function ourOutcome(host: string, port: number, ca: string, servername?: string): Promise<Outcome> {
  const requester = createNodeRequester({ ca, rejectUnauthorized: true, ...(servername === undefined ? {} : { servername }) });
  try {
    const res = await requester.request({ origin: `https://${host.includes(':') ? `[${host}]` : host}:${port}`, path: '/version', method: 'GET', headers: { authorization: `Bearer ${TOKEN}` }, signal: new AbortController().signal, tlsHandshakeTimeoutMs: 10_000 });
    res.body.resume();
    await new Promise((resolve) => res.body.on('end', resolve));
    return 'ok';
  } catch (err) {
    return outcomeOf(err);
  } finally {
    await requester.destroy();
  }
}

interface Case {
  /** Certificates the server presents, leaf first. */
  chain: Issued[];
  /** The client's CA bundle. */
  bundle: Issued[];
  host?: string;
  servername?: string;
  /** Expected outcome: `ok`, `refused` (any error) or the error code (checked against Node's as well). */
  expect: 'ok' | 'refused' | string;
  /** For accepted chains: whether the fast check alone accepted them (one connection). */
  fast?: boolean;
}

async function check(name: string, c: Case): Promise<void> {
  const server = await RecordingTlsServer.start(c.chain);
  const host = c.host ?? '127.0.0.1';
  const ca = c.bundle.map((b) => b.pem).join('');
  try {
    const node = await nodeOutcome(host, server.port, ca, c.servername);
    server.reset();
    const ours = await ourOutcome(host, server.port, ca, c.servername);
    assert.deepEqual(ours, node, `${name}: ours and Node's differ`);
    if (c.expect === 'ok') {
      assert.equal(ours, 'ok', name);
      if (c.fast !== undefined) assert.equal(server.connections, c.fast ? 1 : 2, `${name}: connections`);
    } else {
      assert.notEqual(ours, 'ok', `${name}: accepted`);
      if (c.expect !== 'refused') assert.equal(typeof ours === 'object' ? ours.code : undefined, c.expect, name);
      // Refused: not one byte (and so no token) reached the server, from either connection.
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(server.received.length, 0, `${name}: bytes sent to a refused server`);
    }
  } finally {
    await server.close();
  }
}

let pki: Awaited<ReturnType<typeof makePki>> | undefined;
async function makePki() {
  const now = Date.now();
  const root = await issue({ subject: 'root', ca: true });
  const other = await issue({ subject: 'other-root', ca: true });
  const inter = await issue({ subject: 'intermediate', ca: true, issuer: root });
  const names = { dns: ['localhost', 'api.cluster.test'], ips: ['127.0.0.1', '::1'] };
  return {
    root, other, inter,
    leaf: await issue({ subject: 'leaf', issuer: root, ...names }),
    viaInter: await issue({ subject: 'leaf-via-intermediate', issuer: inter, ...names }),
    expired: await issue({ subject: 'expired', issuer: root, ...names, notBefore: new Date(now - 48 * HOUR), notAfter: new Date(now - HOUR) }),
    future: await issue({ subject: 'future', issuer: root, ...names, notBefore: new Date(now + HOUR), notAfter: new Date(now + 48 * HOUR) }),
    expiredRoot: await issue({ subject: 'expired-root', ca: true, notBefore: new Date(now - 48 * HOUR), notAfter: new Date(now - HOUR) }),
    otherIp: await issue({ subject: 'other-ip', issuer: root, ips: ['127.0.0.2'] }),
    otherHost: await issue({ subject: 'other-host', issuer: root, dns: ['elsewhere.test'] }),
    selfSigned: await issue({ subject: 'self', ca: true, eku: [x509.ExtendedKeyUsage.serverAuth], ...names }),
    clientOnly: await issue({ subject: 'client-only', issuer: root, ...names, eku: [x509.ExtendedKeyUsage.clientAuth] }),
    notCa: await issue({ subject: 'not-a-ca', issuer: root }),
    rootLen0: await issue({ subject: 'root-pathlen-0', ca: true, pathLength: 0 }),
  };
}
async function getPki(): Promise<Awaited<ReturnType<typeof makePki>>> {
  pki ??= await makePki();
  return pki;
}

test('a chain the cluster CA signed is accepted by the fast check alone, by IP, DNS name and tls-server-name', async () => {
  const p = await getPki();
  await check('leaf by IP', { chain: [p.leaf], bundle: [p.root], expect: 'ok', fast: true });
  await check('leaf by DNS name', { chain: [p.leaf], bundle: [p.root], host: 'localhost', expect: 'ok', fast: true });
  await check('leaf with tls-server-name', { chain: [p.leaf], bundle: [p.root], servername: 'api.cluster.test', expect: 'ok', fast: true });
  await check('leaf with the CA presented too', { chain: [p.leaf, p.root], bundle: [p.root], expect: 'ok', fast: true });
  await check('bundle with another CA first', { chain: [p.leaf], bundle: [p.other, p.root], expect: 'ok', fast: true });
  await check('intermediate presented', { chain: [p.viaInter, p.inter], bundle: [p.root], expect: 'ok', fast: true });
  await check('self-signed leaf that the bundle holds', { chain: [p.selfSigned], bundle: [p.selfSigned], expect: 'ok', fast: true });
});

test('parallel requests open a second connection that the fast check verifies too (no resumed session to fall back on)', async () => {
  const p = await getPki();
  const server = await RecordingTlsServer.start([p.leaf]);
  const requester = createNodeRequester({ ca: p.root.pem, rejectUnauthorized: true });
  const get = async (): Promise<void> => {
    const res = await requester.request({ origin: `https://127.0.0.1:${server.port}`, path: '/version', method: 'GET', headers: {}, signal: new AbortController().signal, tlsHandshakeTimeoutMs: 10_000 });
    res.body.resume();
    await new Promise((resolve) => res.body.on('end', resolve));
  };
  try {
    await get();
    // Let the server's session ticket arrive, as it does between a command's first and later requests.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all([get(), get()]);
    console.log('CONN', server.connections);
    assert.equal(server.tcpConnections, 2, 'one kept-alive connection and one new one, each verified once');
  } finally {
    await requester.destroy();
    await server.close();
  }
});

test('a wrong CA, a broken chain and a self-signed leaf are refused as Node refuses them', async () => {
  const p = await getPki();
  await check('wrong CA', { chain: [p.leaf], bundle: [p.other], expect: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
  await check('intermediate missing', { chain: [p.viaInter], bundle: [p.root], expect: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
  await check('intermediate of another root', { chain: [p.viaInter, p.inter], bundle: [p.other], expect: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' });
  await check('self-signed leaf not in the bundle', { chain: [p.selfSigned], bundle: [p.root], expect: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
  await check('CA presented but another trusted', { chain: [p.leaf, p.root], bundle: [p.other], expect: 'SELF_SIGNED_CERT_IN_CHAIN' });
});

test('expired and not-yet-valid certificates are refused as Node refuses them', async () => {
  const p = await getPki();
  await check('expired leaf', { chain: [p.expired], bundle: [p.root], expect: 'CERT_HAS_EXPIRED' });
  await check('leaf not yet valid', { chain: [p.future], bundle: [p.root], expect: 'CERT_NOT_YET_VALID' });
  const underExpired = await issue({ subject: 'under-expired-root', issuer: p.expiredRoot, ips: ['127.0.0.1'] });
  await check('expired CA', { chain: [underExpired], bundle: [p.expiredRoot], expect: 'CERT_HAS_EXPIRED' });
});

test('a wrong host name, a wrong IP and a wrong tls-server-name are refused as Node refuses them', async () => {
  const p = await getPki();
  await check('wrong IP', { chain: [p.otherIp], bundle: [p.root], expect: 'ERR_TLS_CERT_ALTNAME_INVALID' });
  await check('wrong DNS name', { chain: [p.otherHost], bundle: [p.root], host: 'localhost', expect: 'ERR_TLS_CERT_ALTNAME_INVALID' });
  await check('wrong tls-server-name', { chain: [p.leaf], bundle: [p.root], servername: 'wrong.test', expect: 'ERR_TLS_CERT_ALTNAME_INVALID' });
  await check('tls-server-name the cert lacks, though the IP matches', { chain: [p.otherIp], bundle: [p.root], host: '127.0.0.1', servername: 'api.cluster.test', expect: 'ERR_TLS_CERT_ALTNAME_INVALID' });
});

test('usages and constraints: what Node refuses is refused, what only Node can judge goes to Node', async () => {
  const p = await getPki();
  await check('client-auth leaf', { chain: [p.clientOnly], bundle: [p.root], expect: 'INVALID_PURPOSE' });
  const underNotCa = await issue({ subject: 'under-not-ca', issuer: p.notCa, ips: ['127.0.0.1'] });
  // OpenSSL 3 reports this one without a specific code; whatever Node says, ours says.
  await check('issuer not a CA', { chain: [underNotCa, p.notCa], bundle: [p.root], expect: 'refused' });
  const interLen = await issue({ subject: 'inter-under-len0', ca: true, issuer: p.rootLen0 });
  const deep = await issue({ subject: 'deep', issuer: interLen, ips: ['127.0.0.1'] });
  await check('path length exceeded', { chain: [deep, interLen], bundle: [p.rootLen0], expect: 'PATH_LENGTH_EXCEEDED' });
  // The bundle holds only the intermediate: Node (without partial chains) decides; the fast check defers.
  const server = await RecordingTlsServer.start([p.viaInter, p.inter]);
  try {
    const node = await nodeOutcome('127.0.0.1', server.port, p.inter.pem);
    server.reset();
    assert.deepEqual(await ourOutcome('127.0.0.1', server.port, p.inter.pem), node);
  } finally {
    await server.close();
  }
});

test('the fast check itself: only certain chains are trusted', async () => {
  const p = await getPki();
  const c = (i: Issued): X509Certificate => new X509Certificate(i.pem);
  const now = Date.now();
  assert.equal(chainCertainlyTrusted([c(p.leaf)], [c(p.root)], now), true);
  assert.equal(chainCertainlyTrusted([c(p.leaf)], [c(p.root)], now + 48 * HOUR), false, 'checked at a time after expiry');
  assert.equal(chainCertainlyTrusted([c(p.leaf)], [c(p.other)], now), false);
  assert.equal(chainCertainlyTrusted([c(p.viaInter)], [c(p.root)], now), false);
  assert.equal(chainCertainlyTrusted([c(p.viaInter), c(p.inter)], [c(p.root)], now), true);
  assert.equal(chainCertainlyTrusted([c(p.viaInter), c(p.inter)], [c(p.inter)], now), false, 'an intermediate is no anchor');
  assert.equal(chainCertainlyTrusted([c(p.selfSigned)], [c(p.root)], now), false);
  assert.equal(chainCertainlyTrusted([], [c(p.root)], now), false);
  assert.equal(parseCaBundle('not a pem'), undefined);
  assert.equal(parseCaBundle(`${p.root.pem}-----BEGIN X509 CRL-----\nAAAA\n-----END X509 CRL-----\n`), undefined);
  assert.equal(parseCaBundle(p.root.pem + p.other.pem)?.length, 2);
});

test('through the SDK: kubectl wording for refusals, insecure-skip-tls-verify unchanged, the token never sent', async () => {
  const p = await getPki();
  const server = await RecordingTlsServer.start([p.leaf]);
  const url = `https://127.0.0.1:${server.port}`;
  try {
    const wrongCa = createClient({ server: url, caData: p.other.pem, bearerToken: TOKEN, namespace: 'default' }, { env: {} });
    await assert.rejects(wrongCa.getRaw('/version'), (err: unknown) => {
      assert.ok(err instanceof TransportError);
      assert.equal(err.message, `Get "${url}/version": tls: failed to verify certificate: x509: certificate signed by unknown authority`);
      return true;
    });
    const wrongName = createClient({ server: url, caData: p.root.pem, tlsServerName: 'wrong.test', bearerToken: TOKEN, namespace: 'default' }, { env: {} });
    await assert.rejects(wrongName.getRaw('/version'), (err: unknown) => err instanceof TransportError && /x509: .*wrong\.test/.test(err.message));
    assert.equal(server.received.length, 0);
    const insecure = createClient({ server: url, insecureSkipTLSVerify: true, bearerToken: TOKEN, namespace: 'default' }, { env: {} });
    await insecure.getRaw('/version');
    assert.match(server.received.toString('latin1'), new RegExp(`authorization: Bearer ${TOKEN}`, 'i'));
    server.reset();
    const good = createClient({ server: url, caData: p.root.pem, bearerToken: TOKEN, namespace: 'default' }, { env: {} });
    await good.getRaw('/version');
    await good.getRaw('/version');
    assert.equal(server.connections, 1, 'one verified keep-alive connection serves both requests');
  } finally {
    await closeAllDispatchers();
    await server.close();
  }
});

test('a handshake that never ends is bounded by the handshake timeout on the fast path too', async () => {
  const sockets = new Set<Socket>();
  const silent = createServer((s) => { sockets.add(s); s.on('error', () => undefined); });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const p = await getPki();
  try {
    const client = createClient({ server: `https://127.0.0.1:${port}`, caData: p.root.pem, namespace: 'default' }, { env: {}, tlsHandshakeTimeoutMs: 200 });
    const started = Date.now();
    await assert.rejects(client.getRaw('/version'), (err: unknown) => err instanceof TransportError && /net\/http: TLS handshake timeout$/.test(err.message));
    assert.ok(Date.now() - started < 5000);
  } finally {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    await closeAllDispatchers();
  }
});
