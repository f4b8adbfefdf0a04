/**
 * Redaction for `-v` logs: secrets never reach a log at any level. Headers: `Authorization` keeps
 * only its scheme (`Bearer <masked>`, as client-go), cookies are masked. Bodies: Secret data, the
 * tokens of TokenReview / TokenRequest / ExecCredential, client keys, passwords and similar keys
 * anywhere in a JSON document are masked; bodies that cannot be inspected are not shown.
 */

import { getOwn, setOwn } from '../../machinery/json/own-keys.js';

/** The placeholder that replaces a secret. */
export const MASK = '<masked>';

const KNOWN_AUTH_SCHEMES = new Set(['basic', 'bearer', 'digest', 'negotiate']);
const SECRET_HEADERS = new Set(['cookie', 'set-cookie', 'proxy-authorization', 'x-auth-token']);

/** Masks the value of a sensitive header; other values are returned as they are. */
export function redactHeaderValue(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    if (value === '') return '';
    const space = value.indexOf(' ');
    const scheme = space > 0 ? value.slice(0, space) : value;
    if (!KNOWN_AUTH_SCHEMES.has(scheme.toLowerCase())) return MASK;
    return value.length > scheme.length + 1 ? `${scheme} ${MASK}` : scheme;
  }
  if (SECRET_HEADERS.has(lower)) return MASK;
  return value;
}

/** Masks the password in a URL (for proxy URLs in logs and messages). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password === '') return url;
    u.password = 'xxxxx';
    return u.toString();
  } catch {
    return url;
  }
}

// Keys whose values are secret wherever they appear (compared lower-cased, without '-' and '_').
const SECRET_KEYS = new Set([
  'token', 'password', 'passwd', 'clientkeydata', 'clientkey', 'keydata', 'privatekey', 'idtoken',
  'refreshtoken', 'accesstoken', 'bearertoken', 'secret', 'clientsecret', 'tokensecret', 'authorization',
]);

function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase().replace(/[-_]/g, ''));
}

function maskMapValues(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value === undefined ? value : MASK;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(out, key, MASK);
  return out;
}

/** Returns a copy of a parsed JSON value with secrets masked. */
export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (typeof value !== 'object' || value === null) return value;
  const obj = value as Record<string, unknown>;
  const ownKind = getOwn(obj, 'kind');
  const kind = typeof ownKind === 'string' ? ownKind : '';
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(obj)) {
    if (typeof v === 'string' && isSecretKey(key)) setOwn(out, key, v === '' ? v : MASK);
    else if (kind === 'Secret' && (key === 'data' || key === 'stringData')) setOwn(out, key, maskMapValues(v));
    else setOwn(out, key, redactJson(v));
  }
  // A Secret's last-applied annotation repeats its data.
  if (kind === 'Secret') {
    const meta = getOwn(out, 'metadata') as { annotations?: Record<string, unknown> } | undefined;
    if (typeof meta === 'object' && meta !== null && Object.hasOwn(meta, 'annotations') && typeof meta.annotations === 'object' && meta.annotations !== null) {
      for (const key of Object.keys(meta.annotations)) {
        if (key.endsWith('/last-applied-configuration')) meta.annotations[key] = MASK;
      }
    }
  }
  return out;
}

/**
 * A loggable form of a body: JSON with secrets masked; plain text as it is; anything else (YAML,
 * protobuf, binary) as a size note, because it cannot be inspected for secrets.
 */
export function redactBody(body: Uint8Array | string, contentType: string | undefined): string {
  const text = typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(redactJson(JSON.parse(text)));
    } catch {
      // A stream of JSON documents (watch) or truncated JSON: mask line by line below.
      const lines = text.split('\n');
      if (lines.length > 1) {
        try {
          return lines.map((line) => (line.trim() === '' ? line : JSON.stringify(redactJson(JSON.parse(line))))).join('\n');
        } catch {
          // fall through
        }
      }
    }
    return `[${size} bytes of unparseable JSON, not shown]`;
  }
  if (type.startsWith('text/') && !type.includes('yaml')) return text;
  if (size === 0) return '';
  return `[${size} bytes of ${type === '' ? 'data' : type}, not shown]`;
}

/** Truncates a log body to `max` characters, as client-go does at `-v=8`. */
export function truncateBody(body: string, max: number | undefined): string {
  if (max === undefined || body.length <= max) return body;
  return `${body.slice(0, max)} [truncated ${body.length - max} chars]`;
}
