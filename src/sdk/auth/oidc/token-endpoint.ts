/**
 * The token endpoint (RFC 6749 §4.1.3 and §6): exchanging an authorization code (with the PKCE
 * verifier) and refreshing. A confidential client authenticates with HTTP Basic (§2.3.1).
 */
import { ProtocolError } from '../../errors.js';
import { oidcRequest, type OidcHttpOptions } from './http.js';

/** The client's identity at the provider. */
export interface OidcClientCredentials {
  clientId: string;
  clientSecret?: string;
}

/** What the token endpoint returned. */
export interface TokenSet {
  idToken: string;
  refreshToken?: string;
  accessToken?: string;
}

/** An OAuth error answer (`invalid_grant` ...). */
export class TokenEndpointError extends ProtocolError {
  static override readonly brand: string = 'TokenEndpointError';
  override name = 'TokenEndpointError';
  /** The OAuth error code. */
  readonly error: string;
  constructor(error: string, description: string | undefined, status: number) {
    super(`token endpoint answered HTTP ${status}: ${error}${description === undefined ? '' : `: ${description}`}`);
    this.error = error;
  }
}

function basicAuth(client: OidcClientCredentials): Record<string, string> {
  if (client.clientSecret === undefined || client.clientSecret === '') return {};
  const enc = (s: string): string => encodeURIComponent(s);
  return { authorization: `Basic ${Buffer.from(`${enc(client.clientId)}:${enc(client.clientSecret)}`).toString('base64')}` };
}

async function post(endpoint: string, form: URLSearchParams, client: OidcClientCredentials, options: OidcHttpOptions): Promise<TokenSet> {
  const res = await oidcRequest(endpoint, { method: 'POST', form, headers: basicAuth(client) }, options);
  const body = (typeof res.json === 'object' && res.json !== null ? res.json : {}) as Record<string, unknown>;
  if (res.status !== 200) {
    const error = typeof body.error === 'string' ? body.error : 'error';
    throw new TokenEndpointError(error, typeof body.error_description === 'string' ? body.error_description : undefined, res.status);
  }
  if (typeof body.id_token !== 'string' || body.id_token === '') throw new ProtocolError('the token endpoint returned no id_token');
  const set: TokenSet = { idToken: body.id_token };
  if (typeof body.refresh_token === 'string' && body.refresh_token !== '') set.refreshToken = body.refresh_token;
  if (typeof body.access_token === 'string') set.accessToken = body.access_token;
  return set;
}

/** Exchanges an authorization code for tokens. */
export function exchangeCode(endpoint: string, params: { code: string; redirectUri: string; verifier: string }, client: OidcClientCredentials, options: OidcHttpOptions): Promise<TokenSet> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: params.code, redirect_uri: params.redirectUri, client_id: client.clientId, code_verifier: params.verifier });
  return post(endpoint, form, client, options);
}

/** Uses a refresh token; the answer may omit a new refresh token (then the old one stays valid). */
export function refreshTokens(endpoint: string, refreshToken: string, client: OidcClientCredentials, options: OidcHttpOptions): Promise<TokenSet> {
  const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId });
  return post(endpoint, form, client, options);
}
