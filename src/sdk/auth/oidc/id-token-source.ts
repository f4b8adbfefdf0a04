/**
 * A valid ID token from the stored login: the stored one while it is fresh, else a new one from
 * the refresh token (storing the new tokens). What `platformctl credential oidc` runs.
 */
import { PlatformError } from '../../errors.js';
import { BINARY_NAME } from '../../naming.js';
import type { CredentialStore } from '../credential-store/types.js';
import { discoverProvider } from './discovery.js';
import { checkIdTokenClaims, decodeIdToken, expiryMs, isExpired } from './id-token.js';
import type { OidcSettings } from './settings.js';
import { loadTokens, saveTokens } from './stored-tokens.js';
import { refreshTokens, TokenEndpointError } from './token-endpoint.js';

/** There is no usable login: the user must run `login oidc` (again). */
export class LoginRequiredError extends PlatformError {
  static override readonly brand: string = 'LoginRequiredError';
  override name = 'LoginRequiredError';
}

/** A usable ID token. */
export interface ValidIdToken {
  idToken: string;
  /** Expiry in epoch milliseconds, when the token has one. */
  expiresAt?: number;
  /** Whether it was just refreshed. */
  refreshed: boolean;
}

function loginHint(settings: OidcSettings): string {
  return `run "${BINARY_NAME} login oidc --issuer ${settings.issuer} --client-id ${settings.clientId}" first`;
}

/** Returns a fresh ID token for the login named by `settings`, refreshing it when needed. */
export async function getValidIdToken(settings: OidcSettings, store: CredentialStore, nowMs: number): Promise<ValidIdToken> {
  const stored = await loadTokens(store, settings);
  if (stored === undefined) throw new LoginRequiredError(`not logged in to ${settings.issuer} as client ${settings.clientId}: ${loginHint(settings)}`);
  const claims = await decodeIdToken(stored.idToken);
  if (!isExpired(claims, nowMs)) {
    const exp = expiryMs(claims);
    return { idToken: stored.idToken, refreshed: false, ...(exp === undefined ? {} : { expiresAt: exp }) };
  }
  if (stored.refreshToken === undefined) throw new LoginRequiredError(`the ID token has expired and there is no refresh token: ${loginHint(settings)}`);
  const provider = await discoverProvider(settings.issuer, settings.http ?? {});
  const client = { clientId: settings.clientId, ...(settings.clientSecret === undefined ? {} : { clientSecret: settings.clientSecret }) };
  let next;
  try {
    next = await refreshTokens(provider.token_endpoint, stored.refreshToken, client, settings.http ?? {});
  } catch (err) {
    if (err instanceof TokenEndpointError && err.error === 'invalid_grant') {
      // Another process may have refreshed first, spending the (rotating) refresh token we read:
      // its new tokens are in the store then.
      const current = await loadTokens(store, settings);
      if (current !== undefined && current.refreshToken !== stored.refreshToken) {
        const currentClaims = await decodeIdToken(current.idToken);
        if (!isExpired(currentClaims, nowMs)) {
          const exp = expiryMs(currentClaims);
          return { idToken: current.idToken, refreshed: false, ...(exp === undefined ? {} : { expiresAt: exp }) };
        }
      }
      throw new LoginRequiredError(`the refresh token was rejected (invalid_grant): ${loginHint(settings)}`, { cause: err });
    }
    throw err;
  }
  const nextClaims = await decodeIdToken(next.idToken);
  checkIdTokenClaims(nextClaims, settings);
  await saveTokens(store, settings, { idToken: next.idToken, refreshToken: next.refreshToken ?? stored.refreshToken });
  const exp = expiryMs(nextClaims);
  return { idToken: next.idToken, refreshed: true, ...(exp === undefined ? {} : { expiresAt: exp }) };
}
