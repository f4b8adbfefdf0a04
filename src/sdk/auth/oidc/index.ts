/**
 * The OIDC client: discovery, the authorization-code flow with PKCE and a loopback redirect, the
 * refresh flow, and the stored tokens behind `platformctl credential oidc`.
 *
 * @packageDocumentation
 */
export { discoverProvider, normalizeIssuer } from './discovery.js';
export type { ProviderMetadata } from './discovery.js';
export { oidcRequest } from './http.js';
export type { OidcHttpOptions, OidcHttpResponse } from './http.js';
export { createPkce, s256Challenge, randomToken } from './pkce.js';
export type { Pkce } from './pkce.js';
export { decodeIdToken, expiryMs, isExpired, checkIdTokenClaims, EXPIRY_SKEW_MS } from './id-token.js';
export type { IdTokenClaims } from './id-token.js';
export { startLoopbackReceiver, AuthorizationError } from './loopback.js';
export type { LoopbackReceiver, LoopbackResult } from './loopback.js';
export { exchangeCode, refreshTokens, TokenEndpointError } from './token-endpoint.js';
export type { OidcClientCredentials, TokenSet } from './token-endpoint.js';
export { tokenAccount, requestScopes } from './settings.js';
export type { OidcSettings } from './settings.js';
export { loadTokens, saveTokens, deleteTokens } from './stored-tokens.js';
export type { StoredTokens } from './stored-tokens.js';
export { loginWithBrowser } from './login-flow.js';
export type { BrowserLoginOptions } from './login-flow.js';
export { getValidIdToken, LoginRequiredError } from './id-token-source.js';
export type { ValidIdToken } from './id-token-source.js';
