/**
 * The credential-store interface: a place for secrets (OIDC refresh and ID tokens) outside the
 * config file, addressed by a service name and an account name as OS keychains are.
 */

/** Where a {@link CredentialStore} keeps its secrets. */
export type CredentialStoreKind = 'keychain' | 'file';

/** A store of secrets keyed by (service, account). Implementations never log the secrets. */
export interface CredentialStore {
  /** `keychain` for the OS keychain, `file` for the 0600 JSON file fallback. */
  readonly kind: CredentialStoreKind;
  /** Where the secrets are, for messages (`OS keychain` or the file path). */
  readonly location: string;
  /** The secret stored for (service, account), or undefined when there is none. */
  get(service: string, account: string): Promise<string | undefined>;
  /** Stores (or replaces) the secret for (service, account). */
  set(service: string, account: string, secret: string): Promise<void>;
  /** Removes the secret for (service, account); true when there was one. */
  delete(service: string, account: string): Promise<boolean>;
}
