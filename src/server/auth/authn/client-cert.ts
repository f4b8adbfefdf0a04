/**
 * Client-certificate authentication: a chain that verifies against the client CA bundle
 * authenticates as the subject's common name, with its organizations as groups.
 */
import type { X509Certificate } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AuthenticationResult, Authenticator } from '../authenticator.js';
import { nameAttributes, parseCertificates, peerChain, verifyClientChain } from '../../tls/client-auth.js';

/** A client CA bundle that more CAs can join at run time (the certificate signer's CA). */
export class ClientCABundle {
  private roots: X509Certificate[] = [];

  constructor(pems: string[] = []) {
    for (const p of pems) this.add(p);
  }

  /** Trusts the certificates of a PEM bundle too. */
  add(pem: string): void {
    this.roots = [...this.roots, ...parseCertificates(pem)];
  }

  /** The trusted certificates. */
  certificates(): X509Certificate[] {
    return this.roots;
  }
}

/** Authenticates requests by their verified client certificate. */
export class ClientCertAuthenticator implements Authenticator {
  constructor(private readonly bundle: ClientCABundle, private readonly now: () => number, private readonly log: (line: string) => void) {}

  authenticate(req: IncomingMessage): AuthenticationResult {
    const chain = peerChain(req);
    const leaf = chain[0];
    if (leaf === undefined) return { kind: 'none' };
    const error = verifyClientChain(chain, this.bundle.certificates(), this.now());
    if (error !== undefined) {
      this.log(`client certificate rejected: ${error}`);
      return { kind: 'invalid', message: `verifying certificate ${leaf.serialNumber} failed: ${error}` };
    }
    const username = nameAttributes(leaf.subject, 'CN')[0] ?? '';
    if (username === '') return { kind: 'invalid', message: 'common name of the client certificate is empty' };
    return { kind: 'user', user: { username, groups: nameAttributes(leaf.subject, 'O') } };
  }
}
