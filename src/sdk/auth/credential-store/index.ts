/**
 * Credential stores: the OS keychain through keytar, or a 0600 JSON file when there is none.
 *
 * @packageDocumentation
 */
export type { CredentialStore, CredentialStoreKind } from './types.js';
export { FileCredentialStore } from './file-store.js';
export { KeytarCredentialStore, loadKeytar, openKeychainStore } from './keytar-store.js';
export type { KeytarApi, KeytarLoader } from './keytar-store.js';
export { openCredentialStore, defaultCredentialFile, CREDENTIAL_SERVICE } from './open-store.js';
export type { OpenCredentialStoreOptions } from './open-store.js';
