/**
 * The OS keychain through keytar (libsecret on Linux, Keychain on macOS, Credential Vault on
 * Windows). keytar is an optional native dependency: it is loaded with a dynamic import inside
 * try/catch, and a keychain that loads but cannot answer (no D-Bus session, locked keyring) counts
 * as unavailable.
 */
import type { CredentialStore } from './types.js';

/** The part of keytar's API the store uses. */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** Loads keytar; resolves undefined when it is not installed or does not load. */
export type KeytarLoader = () => Promise<KeytarApi | undefined>;

function isKeytar(value: unknown): value is KeytarApi {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.getPassword === 'function' && typeof v.setPassword === 'function' && typeof v.deletePassword === 'function';
}

/** The default loader: `import('keytar')`, accepting its CommonJS default export too. */
export const loadKeytar: KeytarLoader = async () => {
  // A variable specifier: keytar has no type declarations here, and bundlers must not resolve it.
  const specifier = 'keytar';
  try {
    const mod: unknown = await import(specifier);
    if (isKeytar(mod)) return mod;
    const fallback = (mod as { default?: unknown }).default;
    return isKeytar(fallback) ? fallback : undefined;
  } catch {
    return undefined;
  }
};

/** A {@link CredentialStore} in the OS keychain. */
export class KeytarCredentialStore implements CredentialStore {
  readonly kind = 'keychain' as const;
  readonly location = 'OS keychain';
  private readonly keytar: KeytarApi;

  constructor(keytar: KeytarApi) {
    this.keytar = keytar;
  }

  async get(service: string, account: string): Promise<string | undefined> {
    return (await this.keytar.getPassword(service, account)) ?? undefined;
  }

  async set(service: string, account: string, secret: string): Promise<void> {
    await this.keytar.setPassword(service, account, secret);
  }

  async delete(service: string, account: string): Promise<boolean> {
    return this.keytar.deletePassword(service, account);
  }
}

/**
 * The keychain store when keytar loads and the keychain answers a probe read; otherwise undefined
 * with the reason (for the fallback warning; it never contains a secret).
 */
export async function openKeychainStore(loader: KeytarLoader = loadKeytar, probeService = 'platformctl'): Promise<{ store?: KeytarCredentialStore; reason: string }> {
  const keytar = await loader();
  if (keytar === undefined) return { reason: 'keytar is not installed' };
  try {
    await keytar.getPassword(probeService, '__probe__');
  } catch (err) {
    const detail = err instanceof Error ? err.message.split('\n')[0] ?? '' : '';
    return { reason: `the OS keychain is not reachable${detail === '' ? '' : ` (${detail})`}` };
  }
  return { store: new KeytarCredentialStore(keytar), reason: '' };
}
