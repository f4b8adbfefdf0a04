/**
 * OpenID Provider metadata (`<issuer>/.well-known/openid-configuration`, OpenID Connect Discovery
 * 1.0 §4): the authorization and token endpoints, checked to belong to the issuer asked for.
 */
import { PlatformError, ProtocolError, TimeoutError, TransportError } from '../../errors.js';
import { toTransportError } from '../../transport/transport-errors.js';
import { oidcRequest, type OidcHttpOptions, type OidcHttpResponse } from './http.js';
import { withoutTrailing } from '../../../machinery/trailing.js';

/** The provider metadata the client uses. */
export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri?: string;
  code_challenge_methods_supported?: string[];
}

/** The issuer without a trailing slash (discovery appends the well-known path to it). */
export function normalizeIssuer(issuer: string): string {
  return withoutTrailing(issuer, '/');
}

/** Fetches and validates the provider metadata of `issuer`. */
export async function discoverProvider(issuer: string, options: OidcHttpOptions): Promise<ProviderMetadata> {
  const base = normalizeIssuer(issuer);
  const url = `${base}/.well-known/openid-configuration`;
  let res: OidcHttpResponse;
  try {
    res = await oidcRequest(url, { method: 'GET' }, options);
  } catch (err) {
    // Named as the issuer's failure (with its discovery URL), never as the cluster's: the CLI
    // words a refused connection to the API server differently.
    if (!(err instanceof TransportError) || options.signal?.aborted === true) throw err;
    const described = err instanceof TimeoutError ? err.message : toTransportError(err.cause ?? err, { method: 'GET', url, timedOut: false, timeoutMs: undefined, aborted: false, readingBody: false }).message;
    throw new PlatformError(`cannot reach the OIDC issuer ${issuer}: ${described}`, { cause: err });
  }
  if (res.status !== 200) throw new ProtocolError(`OIDC discovery at ${url} answered HTTP ${res.status}`);
  const doc = res.json as Partial<Record<keyof ProviderMetadata, unknown>> | undefined;
  if (typeof doc !== 'object' || doc === null) throw new ProtocolError(`OIDC discovery at ${url} did not return a JSON object`);
  if (typeof doc.issuer !== 'string' || normalizeIssuer(doc.issuer) !== base) {
    throw new ProtocolError(`OIDC discovery: the provider says its issuer is ${JSON.stringify(doc.issuer)}, expected ${JSON.stringify(issuer)}`);
  }
  for (const key of ['authorization_endpoint', 'token_endpoint'] as const) {
    if (typeof doc[key] !== 'string' || doc[key] === '') throw new ProtocolError(`OIDC discovery at ${url} has no ${key}`);
  }
  const methods = Array.isArray(doc.code_challenge_methods_supported) ? doc.code_challenge_methods_supported.filter((m): m is string => typeof m === 'string') : undefined;
  if (methods !== undefined && methods.length > 0 && !methods.includes('S256')) {
    throw new ProtocolError('OIDC provider does not support PKCE with S256');
  }
  const meta: ProviderMetadata = { issuer: doc.issuer, authorization_endpoint: doc.authorization_endpoint as string, token_endpoint: doc.token_endpoint as string };
  if (typeof doc.jwks_uri === 'string') meta.jwks_uri = doc.jwks_uri;
  if (methods !== undefined) meta.code_challenge_methods_supported = methods;
  return meta;
}
