/**
 * ID-token claims read on the client: expiry (to decide on a refresh), issuer, audience and nonce
 * (to reject a token meant for someone else). The signature is the API server's to verify; the
 * client decodes with jose without verifying.
 */
import { ProtocolError } from '../../errors.js';
import { withoutTrailing } from '../../../machinery/trailing.js';

/** The claims the client reads. */
export interface IdTokenClaims {
  iss?: string;
  aud?: string | string[];
  exp?: number;
  nonce?: string;
  sub?: string;
  [claim: string]: unknown;
}

/** Decodes the payload of a compact JWS (no signature check). */
export async function decodeIdToken(token: string): Promise<IdTokenClaims> {
  const { decodeJwt } = await import('jose');
  try {
    return decodeJwt(token) as IdTokenClaims;
  } catch {
    throw new ProtocolError('the OIDC provider returned an ID token that is not a valid JWT');
  }
}

/** Expiry of the token in epoch milliseconds, or undefined when it has no `exp`. */
export function expiryMs(claims: IdTokenClaims): number | undefined {
  return typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
}

/** Tokens closer than this to their expiry are refreshed, so a request does not race the deadline. */
export const EXPIRY_SKEW_MS = 10_000;

/** Whether the token must be refreshed at `nowMs`. */
export function isExpired(claims: IdTokenClaims, nowMs: number): boolean {
  const exp = expiryMs(claims);
  return exp !== undefined && exp - EXPIRY_SKEW_MS <= nowMs;
}

/** Checks issuer, audience and (when given) nonce of a freshly issued ID token. */
export function checkIdTokenClaims(claims: IdTokenClaims, expected: { issuer: string; clientId: string; nonce?: string }): void {
  const strip = (s: string): string => withoutTrailing(s, '/');
  if (typeof claims.iss !== 'string' || strip(claims.iss) !== strip(expected.issuer)) {
    throw new ProtocolError(`the ID token's issuer ${JSON.stringify(claims.iss ?? '')} is not ${JSON.stringify(expected.issuer)}`);
  }
  const aud = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
  if (!aud.includes(expected.clientId)) throw new ProtocolError(`the ID token is not for client ${JSON.stringify(expected.clientId)}`);
  if (expected.nonce !== undefined && claims.nonce !== expected.nonce) throw new ProtocolError('the ID token nonce does not match the authorization request');
}
