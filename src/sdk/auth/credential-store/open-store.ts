/**
 * Chooses the credential store: the OS keychain when keytar loads and answers, else the 0600 file,
 * announcing the fallback once through a callback.
 */
import * as path from 'node:path';
import { ConfigError } from '../../errors.js';
import { BINARY_NAME, CREDENTIALS_FILE_NAME, HOME_DIR_NAME } from '../../naming.js';
import { FileCredentialStore } from './file-store.js';
import { loadKeytar, openKeychainStore, type KeytarLoader } from './keytar-store.js';
import type { CredentialStore } from './types.js';

/** Options of {@link openCredentialStore}. */
export interface OpenCredentialStoreOptions {
  /** Path of the fallback file (e.g. `<home>/.platform/credentials.json`). */
  filePath: string;
  /** `auto` (default): keychain, else file; `file`: always the file; `keychain`: fail without one. */
  backend?: 'auto' | 'file' | 'keychain' | undefined;
  /** Receives the one-line warning when the file fallback is used in `auto` mode. */
  onWarning?: ((message: string) => void) | undefined;
  /** Test seam: how keytar is loaded. */
  loadKeytar?: KeytarLoader | undefined;
}

/** The service name under which platformctl keeps its keychain entries. */
export const CREDENTIAL_SERVICE = BINARY_NAME;

/** The default fallback file: `<home>/.platform/credentials.json`. */
export function defaultCredentialFile(homedir: string): string {
  return path.join(homedir, HOME_DIR_NAME, CREDENTIALS_FILE_NAME);
}

/** Opens the credential store per {@link OpenCredentialStoreOptions}. */
export async function openCredentialStore(options: OpenCredentialStoreOptions): Promise<CredentialStore> {
  const backend = options.backend ?? 'auto';
  if (backend === 'file') return new FileCredentialStore(options.filePath);
  const { store, reason } = await openKeychainStore(options.loadKeytar ?? loadKeytar, CREDENTIAL_SERVICE);
  if (store !== undefined) return store;
  if (backend === 'keychain') {
    throw new ConfigError(`no OS keychain is available: ${reason}`);
  }
  options.onWarning?.(`no OS keychain is available (${reason}); storing credentials in ${options.filePath} (mode 0600)`);
  return new FileCredentialStore(options.filePath);
}
