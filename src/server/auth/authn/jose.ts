/**
 * jose, loaded when a JWT is first signed or verified (it is not on the start-up path).
 */
import type * as Jose from 'jose';

let loaded: Promise<typeof Jose> | undefined;

/** The jose module. */
export function loadJose(): Promise<typeof Jose> {
  loaded ??= import('jose');
  return loaded;
}

/** The payload of a compact JWT, decoded without checking anything; undefined when it is not one. */
export function peekClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const v: unknown = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The `aud` claim as a list. */
export function audiencesOf(claims: Record<string, unknown>): string[] {
  const aud = claims.aud;
  if (typeof aud === 'string') return [aud];
  if (Array.isArray(aud)) return aud.filter((a): a is string => typeof a === 'string');
  return [];
}
