/**
 * The detached JWS of bootstrap config signing: HS256 keyed with the whole token
 * `<id>.<secret>`, header `{"alg":"HS256","kid":"<id>"}` (go-jose's), payload left out:
 * `header..signature`.
 */
import { createHmac } from 'node:crypto';

function b64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

/** The detached signature of `content` for token `id.secret`. */
export function detachedSignature(content: string, tokenId: string, tokenSecret: string): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', kid: tokenId }));
  const input = `${header}.${b64url(content)}`;
  const sig = createHmac('sha256', `${tokenId}.${tokenSecret}`).update(input).digest();
  return `${header}..${b64url(sig)}`;
}
