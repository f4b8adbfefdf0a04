/**
 * The interactive login: discovery, PKCE, a loopback receiver, the browser (or a printed URL), the
 * code exchange and the ID-token checks. Returns the tokens; storing them is the caller's choice.
 */
import { discoverProvider } from './discovery.js';
import { checkIdTokenClaims, decodeIdToken } from './id-token.js';
import { startLoopbackReceiver } from './loopback.js';
import { createPkce, randomToken } from './pkce.js';
import { requestScopes, type OidcSettings } from './settings.js';
import { exchangeCode, type TokenSet } from './token-endpoint.js';

/** Options of {@link loginWithBrowser}. */
export interface BrowserLoginOptions {
  /**
   * Opens the authorization URL (a browser, or a test's HTTP client). Resolves false when it
   * could not, and the URL is then only announced through `onAuthorizationUrl`.
   */
  openUrl?: ((url: string) => Promise<boolean>) | undefined;
  /** Receives the URL before it is opened (to print it), and whether it will be opened. */
  onAuthorizationUrl?: ((url: string, willOpen: boolean) => void) | undefined;
  /** How long to wait for the redirect (default 5 minutes). */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

const DEFAULT_LOGIN_TIMEOUT_MS = 5 * 60_000;

/** Runs the authorization-code flow with PKCE (S256) and a loopback redirect. */
export async function loginWithBrowser(settings: OidcSettings, options: BrowserLoginOptions = {}): Promise<TokenSet> {
  const http = { ...settings.http, ...(options.signal === undefined ? {} : { signal: options.signal }) };
  const provider = await discoverProvider(settings.issuer, http);
  const pkce = createPkce();
  const state = randomToken(16);
  const nonce = randomToken(16);
  const receiver = await startLoopbackReceiver();
  try {
    const url = new URL(provider.authorization_endpoint);
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: settings.clientId,
      redirect_uri: receiver.redirectUri,
      scope: requestScopes(settings).join(' '),
      state,
      nonce,
      code_challenge: pkce.challenge,
      code_challenge_method: pkce.method,
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const authorizationUrl = url.toString();
    const waiting = receiver.wait({ state, timeoutMs: options.timeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS, ...(options.signal === undefined ? {} : { signal: options.signal }) });
    // Attach a handler now: the wait may fail while the browser is being opened.
    waiting.catch(() => undefined);
    options.onAuthorizationUrl?.(authorizationUrl, options.openUrl !== undefined);
    if (options.openUrl !== undefined) {
      const opened = await options.openUrl(authorizationUrl).catch(() => false);
      if (!opened) options.onAuthorizationUrl?.(authorizationUrl, false);
    }
    const { code } = await waiting;
    const client = { clientId: settings.clientId, ...(settings.clientSecret === undefined ? {} : { clientSecret: settings.clientSecret }) };
    const tokens = await exchangeCode(provider.token_endpoint, { code, redirectUri: receiver.redirectUri, verifier: pkce.verifier }, client, http);
    checkIdTokenClaims(await decodeIdToken(tokens.idToken), { issuer: settings.issuer, clientId: settings.clientId, nonce });
    return tokens;
  } finally {
    await receiver.close();
  }
}
