/**
 * The authenticating proxy (`--requestheader-*`): a request whose client certificate verifies
 * against the request-header CA (and whose common name is allowed) is believed about the user
 * named in its headers. Nothing is read from the headers before the certificate is checked.
 */
import type { X509Certificate } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AuthenticationResult, Authenticator } from '../authenticator.js';
import { nameAttributes, peerChain, verifyClientChain } from '../../tls/client-auth.js';
import { unescapeExtraKey } from '../../request/user.js';

/** What the proxy authenticator trusts and reads. */
export interface RequestHeaderConfig {
  roots: X509Certificate[];
  allowedNames: string[];
  usernameHeaders: string[];
  groupHeaders: string[];
  extraHeaderPrefixes: string[];
}

function values(req: IncomingMessage, header: string): string[] {
  return (req.headersDistinct[header.toLowerCase()] ?? []).filter((v) => v !== '');
}

/** Authenticates requests sent by an authenticating proxy. */
export class RequestHeaderAuthenticator implements Authenticator {
  constructor(private readonly c: RequestHeaderConfig, private readonly now: () => number) {}

  authenticate(req: IncomingMessage): AuthenticationResult {
    const chain = peerChain(req);
    const leaf = chain[0];
    if (leaf === undefined) return { kind: 'none' };
    const error = verifyClientChain(chain, this.c.roots, this.now());
    // A certificate of another CA may still be a normal client certificate: not this method's call.
    if (error !== undefined) return { kind: 'none' };
    const cn = nameAttributes(leaf.subject, 'CN')[0] ?? '';
    if (this.c.allowedNames.length > 0 && !this.c.allowedNames.includes(cn)) {
      return { kind: 'invalid', message: `x509: subject with cn=${cn} is not in the allowed list` };
    }
    let username: string | undefined;
    for (const h of this.c.usernameHeaders) {
      username = values(req, h)[0];
      if (username !== undefined) break;
    }
    if (username === undefined) return { kind: 'none' };
    const groups: string[] = [];
    for (const h of this.c.groupHeaders) groups.push(...values(req, h));
    // A Map, not an object: extra keys come from headers (`__proto__` is a key like any other).
    const extra = new Map<string, string[]>();
    const prefixes = this.c.extraHeaderPrefixes.map((p) => p.toLowerCase());
    for (const [name, vals] of Object.entries(req.headersDistinct)) {
      const prefix = prefixes.find((p) => name.startsWith(p));
      if (prefix === undefined || vals === undefined) continue;
      const key = unescapeExtraKey(name.slice(prefix.length)).toLowerCase();
      extra.set(key, [...(extra.get(key) ?? []), ...vals]);
    }
    return { kind: 'user', user: { username, groups, ...(extra.size > 0 ? { extra: Object.fromEntries(extra) } : {}) } };
  }
}
