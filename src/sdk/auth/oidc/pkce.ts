/**
 * PKCE (RFC 7636) with S256, and the random `state` and `nonce` values of an authorization request.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A code verifier and its S256 challenge. */
export interface Pkce {
  verifier: string;
  challenge: string;
  method: 'S256';
}

/** A high-entropy URL-safe random string (`bytes` random bytes, base64url). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A fresh verifier (43 characters, the RFC's minimum length and 256 bits) and its challenge. */
export function createPkce(): Pkce {
  const verifier = randomToken(32);
  return { verifier, challenge: s256Challenge(verifier), method: 'S256' };
}
