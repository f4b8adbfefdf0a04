/**
 * Impersonation headers (`--as`, `--as-group`, `--as-uid`, `as-user-extra`), as client-go sends
 * them: one `Impersonate-Group` header per group and one `Impersonate-Extra-<key>` header per value.
 * Repeated headers are arrays because undici sends each array element as its own header line.
 */
import type { ImpersonationConfig } from '../config/client-config.js';

// RFC 7230 token characters: the bytes allowed in a header name as they are.
const TOKEN_CHARS = new Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");

/**
 * Percent-encodes an extra key for use in a header name, as client-go's `headerKeyEscape`: every
 * UTF-8 byte that is not a token character is `%XX`-encoded, and so is `%` itself (so that the
 * server's unescape is exact).
 */
export function headerKeyEscape(key: string): string {
  let out = '';
  for (const byte of Buffer.from(key, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (byte < 0x80 && TOKEN_CHARS.has(ch) && ch !== '%') out += ch;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The headers for an impersonation config; empty when nothing is impersonated. */
export function impersonationHeaders(config: ImpersonationConfig | undefined): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  if (config === undefined) return headers;
  if (config.user !== undefined && config.user !== '') headers['Impersonate-User'] = config.user;
  if (config.uid !== undefined && config.uid !== '') headers['Impersonate-Uid'] = config.uid;
  if (config.groups !== undefined && config.groups.length > 0) headers['Impersonate-Group'] = [...config.groups];
  for (const [key, values] of Object.entries(config.extra ?? {})) {
    if (values.length === 0) continue;
    headers[`Impersonate-Extra-${headerKeyEscape(key)}`] = [...values];
  }
  return headers;
}
