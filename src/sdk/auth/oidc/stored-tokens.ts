/**
 * The tokens of a login as kept in the credential store: one JSON value per (issuer, client).
 */
import type { CredentialStore } from '../credential-store/types.js';
import { CREDENTIAL_SERVICE } from '../credential-store/open-store.js';
import { tokenAccount, type OidcSettings } from './settings.js';

/** What is stored. */
export interface StoredTokens {
  idToken: string;
  refreshToken?: string;
}

/** Reads the stored tokens of a login (undefined when there are none or they are unreadable). */
export async function loadTokens(store: CredentialStore, settings: Pick<OidcSettings, 'issuer' | 'clientId'>): Promise<StoredTokens | undefined> {
  const text = await store.get(CREDENTIAL_SERVICE, tokenAccount(settings));
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<StoredTokens>;
    if (typeof value.idToken !== 'string') return undefined;
    return { idToken: value.idToken, ...(typeof value.refreshToken === 'string' ? { refreshToken: value.refreshToken } : {}) };
  } catch {
    return undefined;
  }
}

/** Stores the tokens of a login. */
export async function saveTokens(store: CredentialStore, settings: Pick<OidcSettings, 'issuer' | 'clientId'>, tokens: StoredTokens): Promise<void> {
  await store.set(CREDENTIAL_SERVICE, tokenAccount(settings), JSON.stringify(tokens));
}

/** Removes the stored tokens of a login; true when there were some. */
export function deleteTokens(store: CredentialStore, settings: Pick<OidcSettings, 'issuer' | 'clientId'>): Promise<boolean> {
  return store.delete(CREDENTIAL_SERVICE, tokenAccount(settings));
}
