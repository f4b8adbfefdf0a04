/**
 * An HTTPS keep-alive agent for a cluster with its own CA bundle that verifies the server without
 * building an OpenSSL trust store. A TLS context with a custom `ca` makes Node parse its whole
 * bundled root store (about 140 certificates, 17 ms) even though those roots are then unused; this
 * agent connects with an empty trust list and checks the presented chain itself
 * (`chain-check.ts`) and the name with Node's own `tls.checkServerIdentity`.
 *
 * The socket reaches the request only after both checks pass, so not one byte of a request (nor a
 * token) is written to an unverified server. When the fast check cannot vouch for the chain, the
 * connection is dropped and a new one is made with Node's own verification against the same
 * bundle (`ca`, `rejectUnauthorized`), which then accepts or refuses exactly as it always does,
 * with its own error: this agent can only make verification faster, never different.
 *
 * The agent keeps no TLS sessions: a resumed session presents no certificate at all, so the fast
 * check could not vouch for it and every second connection of a command (two requests in
 * parallel) would fall back to Node's verification and pay for the root store after all (measured:
 * `describe deploy` 50 ms slower). A full handshake on a second connection costs far less.
 */
import { X509Certificate } from 'node:crypto';
import { Agent as HttpsAgent, type AgentOptions, type RequestOptions } from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { checkServerIdentity, type DetailedPeerCertificate, type TLSSocket } from 'node:tls';
import { chainCertainlyTrusted } from './chain-check.js';
import { tlsHandshakeTimeoutError } from './transport-errors.js';

/** Request option carrying the handshake timeout (ms) of the request that asks for a connection. */
export const HANDSHAKE_TIMEOUT = Symbol('tlsHandshakeTimeoutMs');

/** Request options as the agent receives them. */
type ConnectionOptions = RequestOptions & { [HANDSHAKE_TIMEOUT]?: number; session?: Buffer | undefined };
type Callback = (err: Error | null, stream: Duplex) => void;

/** The chain the server presented, leaf first, as X509Certificate objects. */
function presentedChain(peer: DetailedPeerCertificate): X509Certificate[] {
  const chain: X509Certificate[] = [];
  const seen = new Set<string>();
  let current: DetailedPeerCertificate | undefined = peer;
  while (current !== undefined && Buffer.isBuffer(current.raw) && chain.length < 10 && !seen.has(current.fingerprint256)) {
    seen.add(current.fingerprint256);
    chain.push(new X509Certificate(current.raw));
    current = current.issuerCertificate;
  }
  return chain;
}

/** Options of {@link CaCheckingAgent}. */
export interface CaCheckingAgentOptions {
  /** The agent's options (keep-alive, client certificate, servername), without `ca`. */
  agent: AgentOptions;
  /** The cluster's CA bundle as PEM (handed to Node when the fast check cannot decide). */
  caPem: string;
  /** The certificates of `caPem`. */
  anchors: X509Certificate[];
  /** Sockets handed over with their handshake done (the requester starts no handshake timer for them). */
  established: WeakSet<Socket>;
}

/** See the module comment. */
export class CaCheckingAgent extends HttpsAgent {
  private readonly caPem: string;
  private readonly anchors: X509Certificate[];
  private readonly established: WeakSet<Socket>;
  private readonly pending = new Set<Socket>();

  constructor(options: CaCheckingAgentOptions) {
    super({ ...options.agent, ca: [], rejectUnauthorized: false, maxCachedSessions: 0 });
    this.caPem = options.caPem;
    this.anchors = options.anchors;
    this.established = options.established;
  }

  override createConnection(options: ConnectionOptions, callback?: Callback): Duplex | null | undefined {
    if (callback === undefined) return this.nodeVerified(options);
    const socket = super.createConnection({ ...options, ca: [], rejectUnauthorized: false }) as TLSSocket;
    this.pending.add(socket);
    let settled = false;
    // The handshake timeout runs from TCP connected, as the requester's own bound does.
    const timeoutMs = options[HANDSHAKE_TIMEOUT] ?? 0;
    let timer: NodeJS.Timeout | undefined;
    const startTimer = (): void => {
      if (!settled && timeoutMs > 0) timer = setTimeout(() => fail(tlsHandshakeTimeoutError()), timeoutMs);
    };
    const finish = (): boolean => {
      if (settled) return false;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      this.pending.delete(socket);
      socket.off('secureConnect', onSecure);
      socket.off('error', fail);
      socket.off('close', onClose);
      socket.off('connect', startTimer);
      return true;
    };
    const fail = (err: Error): void => {
      if (!finish()) return;
      socket.destroy();
      callback(err, socket);
    };
    const onClose = (): void => fail(Object.assign(new Error('Client network socket disconnected before secure TLS connection was established'), { code: 'ECONNRESET' }));
    const onSecure = (): void => {
      if (!finish()) return;
      // Node names the server as it does for its own check: the SNI name, else the host.
      const hostname = [options.servername, options.host].find((name) => typeof name === 'string' && name !== '') ?? 'localhost';
      const peer = socket.getPeerCertificate(true);
      let trusted = false;
      try {
        trusted = chainCertainlyTrusted(presentedChain(peer), this.anchors, Date.now()) && checkServerIdentity(hostname, peer) === undefined;
      } catch {
        trusted = false;
      }
      if (trusted) {
        this.established.add(socket);
        callback(null, socket);
        return;
      }
      socket.destroy();
      callback(null, this.nodeVerified(options));
    };
    socket.once('secureConnect', onSecure);
    socket.once('error', fail);
    socket.once('close', onClose);
    if (socket.connecting) socket.once('connect', startTimer);
    else startTimer();
    return undefined;
  }

  /** A connection verified by Node against the bundle (no resumed session: its verdict would be the unverified one's). */
  private nodeVerified(options: ConnectionOptions): Duplex {
    const strict: ConnectionOptions = { ...options, ca: this.caPem, rejectUnauthorized: true, session: undefined };
    return super.createConnection(strict) as Duplex;
  }

  override destroy(): void {
    for (const socket of this.pending) socket.destroy();
    this.pending.clear();
    super.destroy();
  }
}
