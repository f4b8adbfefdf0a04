/**
 * Test PKI for the TLS verification tests: CAs, intermediates and server certificates with chosen
 * names, validity, usages and constraints (ECDSA P-256 through @peculiar/x509: fast to generate),
 * and a raw TLS server that records every connection and every byte it receives, answering each
 * HTTP request head with `200 {}`.
 */
import { webcrypto } from 'node:crypto';
import { createServer, type Server, type TLSSocket } from 'node:tls';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto);

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const HOUR = 3600_000;

/** A certificate with its key. */
export interface Issued {
  cert: x509.X509Certificate;
  keys: webcrypto.CryptoKeyPair;
  pem: string;
  keyPem: string;
}

/** What a certificate should be. */
export interface CertOptions {
  subject: string;
  /** The issuer; absent = self-signed. */
  issuer?: Issued;
  ca?: boolean;
  pathLength?: number;
  dns?: string[];
  ips?: string[];
  notBefore?: Date;
  notAfter?: Date;
  /** Extended key usages; default server auth for leaves, none for CAs. */
  eku?: string[];
  keyUsage?: number;
}

let serial = 1;

/** Issues a certificate. */
export async function issue(options: CertOptions): Promise<Issued> {
  const keys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
  const ca = options.ca === true;
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(ca, options.pathLength, true),
    new x509.KeyUsagesExtension(options.keyUsage ?? (ca ? x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature : x509.KeyUsageFlags.digitalSignature), true),
    await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
  ];
  const eku = options.eku ?? (ca ? [] : [x509.ExtendedKeyUsage.serverAuth]);
  if (eku.length > 0) extensions.push(new x509.ExtendedKeyUsageExtension(eku));
  const names = [...(options.dns ?? []).map((value) => ({ type: 'dns' as const, value })), ...(options.ips ?? []).map((value) => ({ type: 'ip' as const, value }))];
  if (names.length > 0) extensions.push(new x509.SubjectAlternativeNameExtension(names));
  if (options.issuer !== undefined) extensions.push(await x509.AuthorityKeyIdentifierExtension.create(options.issuer.keys.publicKey));
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: (serial++).toString(16).padStart(4, '0'),
    subject: `CN=${options.subject}`,
    issuer: options.issuer === undefined ? `CN=${options.subject}` : options.issuer.cert.subject,
    notBefore: options.notBefore ?? new Date(now - HOUR),
    notAfter: options.notAfter ?? new Date(now + 24 * HOUR),
    signingKey: options.issuer === undefined ? keys.privateKey : options.issuer.keys.privateKey,
    publicKey: keys.publicKey,
    signingAlgorithm: ALG,
    extensions,
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64').replace(/.{1,64}/g, '$&\n');
  return { cert, keys, pem: cert.toString('pem') + '\n', keyPem: `-----BEGIN PRIVATE KEY-----\n${pkcs8}-----END PRIVATE KEY-----\n` };
}

/** A TLS server presenting `chain` (leaf first) that records connections and received bytes. */
export class RecordingTlsServer {
  /** TLS connections that completed a handshake. */
  connections = 0;
  /** TCP connections accepted, handshake finished or not (a client may drop one right after its handshake). */
  tcpConnections = 0;
  /** Every byte any client sent after its handshake. */
  received = Buffer.alloc(0);
  readonly port: number;
  private readonly server: Server;
  private readonly sockets = new Set<TLSSocket>();

  private constructor(server: Server, port: number) {
    this.server = server;
    this.port = port;
  }

  static async start(chain: Issued[]): Promise<RecordingTlsServer> {
    const leaf = chain[0];
    if (leaf === undefined) throw new Error('empty chain');
    const ref: { server?: RecordingTlsServer } = {};
    const server = createServer({ cert: chain.map((c) => c.pem).join(''), key: leaf.keyPem }, (socket) => {
      const self = ref.server;
      if (self === undefined) return;
      self.connections++;
      self.sockets.add(socket);
      socket.on('close', () => self.sockets.delete(socket));
      socket.on('error', () => undefined);
      let pending = '';
      socket.on('data', (chunk: Buffer) => {
        self.received = Buffer.concat([self.received, chunk]);
        pending += chunk.toString('latin1');
        while (pending.includes('\r\n\r\n')) {
          pending = pending.slice(pending.indexOf('\r\n\r\n') + 4);
          socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
        }
      });
    });
    server.on('tlsClientError', () => undefined);
    server.on('connection', () => {
      if (ref.server !== undefined) ref.server.tcpConnections++;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    ref.server = new RecordingTlsServer(server, typeof address === 'object' && address !== null ? address.port : 0);
    return ref.server;
  }

  /** Forgets what was recorded. */
  reset(): void {
    this.connections = 0;
    this.tcpConnections = 0;
    this.received = Buffer.alloc(0);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
