/**
 * Continue tokens of chunked lists: base64 of `{"v","rv","start","t"}` naming the list's resource
 * version, the key to continue after, and when the token was issued (tokens expire after the
 * configured lifetime, as they do on a real server when the store compacts).
 */
import { GROUPS } from '../../sdk/naming.js';
import { badRequest } from '../errors.js';

/** A decoded continue token. */
export interface ContinueToken {
  /** The list's resource version; -1 continues at the latest one (after an expired token). */
  rv: number;
  /** The key after which the next chunk starts. */
  startAfter: string;
  /** Issue time (ms). */
  issuedAt: number;
}

const VERSION = `${GROUPS.meta}/v1`;

/** Encodes a token. */
export function encodeContinue(token: ContinueToken): string {
  return Buffer.from(JSON.stringify({ v: VERSION, rv: token.rv, start: token.startAfter, t: token.issuedAt }), 'utf8').toString('base64url');
}

/** Decodes a token or throws a 400. */
export function decodeContinue(text: string): ContinueToken {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('invalid continue token: continue key is not valid: illegal base64 data or not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) throw badRequest('invalid continue token: continue key is not valid');
  const p = parsed as Record<string, unknown>;
  if (p.v !== VERSION) throw badRequest('invalid continue token: continue key is not valid: incorrect encoded start resourceVersion (version meta.platform.io/v1)');
  if (typeof p.rv !== 'number' || !Number.isInteger(p.rv) || p.rv === 0 || p.rv < -1) throw badRequest('invalid continue token: continue key is not valid: incorrect encoded start resourceVersion (version meta.platform.io/v1)');
  if (typeof p.start !== 'string' || p.start === '') throw badRequest('invalid continue token: continue key is not valid: encoded start key empty');
  return { rv: p.rv, startAfter: p.start, issuedAt: typeof p.t === 'number' ? p.t : 0 };
}
