/**
 * Which OIDC login a command is about: issuer, client, scopes and the provider's TLS settings.
 * The same settings name the stored tokens, so `login`, the credential plugin and `logout` agree.
 */
import { normalizeIssuer } from './discovery.js';
import type { OidcHttpOptions } from './http.js';

/** One OIDC client configuration. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  /** For confidential clients; public clients use PKCE alone. */
  clientSecret?: string;
  /** Scopes besides `openid` (e.g. `email`, `groups`, `offline_access`). */
  extraScopes?: string[];
  /** TLS and timing of requests to the provider. */
  http?: OidcHttpOptions;
}

/** The credential-store account of a login: `oidc:<issuer>#<client id>`. */
export function tokenAccount(settings: Pick<OidcSettings, 'issuer' | 'clientId'>): string {
  return `oidc:${normalizeIssuer(settings.issuer)}#${settings.clientId}`;
}

/** The scopes of an authorization request: `openid` first, then the extra ones, without repeats. */
export function requestScopes(settings: Pick<OidcSettings, 'extraScopes'>): string[] {
  return [...new Set(['openid', ...(settings.extraScopes ?? [])])];
}
