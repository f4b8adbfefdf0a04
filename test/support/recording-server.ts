/**
 * A small HTTPS server for transport-level tests: listens on 127.0.0.1, port 0, with a self-signed
 * certificate; records every request (method, path, headers including repeats, body, client
 * certificate) and answers from a queue of scripted responses or a responder function. Also makes
 * self-signed TLS material with @peculiar/x509 (ECDSA P-256: fast to generate); each certificate is
 * its own CA, so a test trusts a server by passing its certificate as `caData`.
 */
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { gzipSync } from 'node:zlib';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Header lines in order, as [name, value] pairs (repeated headers stay separate). */
  headerLines: [string, string][];
  body: Buffer;
  /** Common name of the client certificate, when one was presented. */
  clientCertCN?: string;
}

/** What to answer. */
export interface ScriptedResponse {
  status?: number;
  headers?: Record<string, string | string[]>;
  /** A string or Buffer is sent as it is; anything else as JSON. */
  body?: unknown;
  /** Gzip the body and send `Content-Encoding: gzip`. */
  gzip?: boolean;
  /** Wait before sending the headers. */
  delayMs?: number;
  /** Send the body in these pieces, `chunkDelayMs` apart (chunked transfer). */
  chunks?: (string | Buffer)[];
  chunkDelayMs?: number;
  /** Keep the response open after the chunks (a watch that never ends). */
  keepOpen?: boolean;
}

/** Computes a response for a request. */
export type Responder = (req: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse>;

/** Options of {@link RecordingServer.start}. */
export interface RecordingServerOptions {
  responder?: Responder;
  /** Ask clients for a certificate (any is accepted; its CN is recorded). */
  requestCert?: boolean;
}

x509.cryptoProvider.set(webcrypto);

/** A certificate and its private key, PEM. */
export interface TlsMaterial {
  certPem: string;
  keyPem: string;
}

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

function toPem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der).toString('base64').replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN ${label}-----\n${b64}-----END ${label}-----\n`;
}

/** A self-signed certificate for `commonName`, valid for the given DNS names and IPs. */
export async function selfSignedCertificate(commonName: string, dnsNames: string[] = [], ips: string[] = [], serverAuth = true): Promise<TlsMaterial> {
  const keys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
  const now = Date.now();
  const names = [...dnsNames.map((value) => ({ type: 'dns' as const, value })), ...ips.map((value) => ({ type: 'ip' as const, value }))];
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(true, undefined, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyCertSign, true),
    new x509.ExtendedKeyUsageExtension([serverAuth ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth]),
  ];
  if (names.length > 0) extensions.push(new x509.SubjectAlternativeNameExtension(names));
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex').replace(/^[89a-f]/, '1'),
    name: `CN=${commonName}`,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 24 * 3600_000),
    signingAlgorithm: ALG,
    keys,
    extensions,
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { certPem: cert.toString('pem'), keyPem: toPem('PRIVATE KEY', pkcs8) };
}

let serverMaterial: Promise<TlsMaterial> | undefined;

/** The server certificate every recording server of this process uses (localhost, proxied.test, 127.0.0.1). */
export function serverTlsMaterial(): Promise<TlsMaterial> {
  serverMaterial ??= selfSignedCertificate('recording-server', ['localhost', 'proxied.test', 'other-name.test'], ['127.0.0.1']);
  return serverMaterial;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function headerLines(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i] ?? '', raw[i + 1] ?? '']);
  return out;
}

/** The recording server. */
export class RecordingServer {
  /** Base URL, `https://127.0.0.1:<port>`. */
  readonly url: string;
  /** The port. */
  readonly port: number;
  /** PEM of the server certificate (trust it as the CA). */
  readonly caPem: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[] = [];
  private readonly queue: ScriptedResponse[] = [];
  private readonly server: Server;
  private responder: Responder | undefined;
  private readonly open = new Set<ServerResponse>();
  /** Every connection, also those still in their TLS handshake (closeAllConnections knows only HTTP ones). */
  private readonly sockets = new Set<Socket>();

  private constructor(server: Server, port: number, caPem: string, responder: Responder | undefined) {
    this.server = server;
    this.port = port;
    this.url = `https://127.0.0.1:${port}`;
    this.caPem = caPem;
    this.responder = responder;
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  /** Starts a server on a free port. */
  static async start(options: RecordingServerOptions = {}): Promise<RecordingServer> {
    const tls = await serverTlsMaterial();
    const ref: { server?: RecordingServer } = {};
    const server = createServer(
      { cert: tls.certPem, key: tls.keyPem, requestCert: options.requestCert === true, rejectUnauthorized: false },
      (req, res) => {
        void ref.server?.handle(req, res);
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    ref.server = new RecordingServer(server, port, tls.certPem, options.responder);
    return ref.server;
  }

  /** Queues responses, used in order before the responder. */
  reply(...responses: ScriptedResponse[]): this {
    this.queue.push(...responses);
    return this;
  }

  /** Replaces the responder. */
  respond(responder: Responder): this {
    this.responder = responder;
    return this;
  }

  /** Stops the server and drops open connections. */
  async close(): Promise<void> {
    for (const res of this.open) res.destroy();
    this.server.closeAllConnections();
    // A client that gave up during the handshake (an aborted request) leaves a socket the HTTP layer
    // has not seen; Node 24's close waits for it.
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parts: Buffer[] = [];
    for await (const chunk of req) parts.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'https://server.invalid');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      headerLines: headerLines(req.rawHeaders),
      body: Buffer.concat(parts),
    };
    const peer = (req.socket as TLSSocket).getPeerCertificate?.();
    if (peer !== undefined && peer !== null && typeof peer.subject?.CN === 'string') recorded.clientCertCN = peer.subject.CN;
    this.requests.push(recorded);
    const scripted = this.queue.shift() ?? (this.responder === undefined ? { body: {} } : await this.responder(recorded));
    await this.send(res, scripted);
  }

  private async send(res: ServerResponse, scripted: ScriptedResponse): Promise<void> {
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
    if (scripted.delayMs !== undefined) await sleep(scripted.delayMs);
    if (res.destroyed) return;
    const headers: Record<string, string | string[]> = { ...scripted.headers };
    if (scripted.chunks !== undefined) {
      if (headers['content-type'] === undefined) headers['content-type'] = 'application/json';
      res.writeHead(scripted.status ?? 200, headers);
      for (const chunk of scripted.chunks) {
        if (res.destroyed) return;
        res.write(chunk);
        if (scripted.chunkDelayMs !== undefined) await sleep(scripted.chunkDelayMs);
      }
      if (scripted.keepOpen !== true) res.end();
      return;
    }
    let body: Buffer;
    if (scripted.body === undefined) body = Buffer.alloc(0);
    else if (Buffer.isBuffer(scripted.body)) body = scripted.body;
    else if (typeof scripted.body === 'string') body = Buffer.from(scripted.body);
    else {
      body = Buffer.from(JSON.stringify(scripted.body));
      if (headers['content-type'] === undefined) headers['content-type'] = 'application/json';
    }
    if (scripted.gzip === true) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = String(body.length);
    res.writeHead(scripted.status ?? 200, headers);
    res.end(body);
  }
}
