/**
 * The kubeconfig file model: clusters, users and contexts exactly as they are spelled in the
 * file (`certificate-authority-data`, `tokenFile`, `as-groups` ...), so that nothing is renamed
 * between the file, `config view`, `config set PROPERTY`, the SDK and the server (which reads
 * its webhooks' client-config files with the same model, so it lives here in sdk/types).
 *
 * Every entry type carries an index signature: fields this version does not know are kept and
 * written back unchanged when the file is rewritten.
 *
 * @packageDocumentation
 */

/** An entry of an `extensions` list (of the config, preferences, a cluster, a user or a context). */
export interface NamedExtension {
  name: string;
  /** Arbitrary JSON-compatible data. */
  extension: unknown;
}

/** `clusters[].cluster`: how to reach one API server. */
export interface ClusterEntry {
  /** Address of the API server, e.g. `https://127.0.0.1:6443`. */
  server?: string;
  /** Name to verify the server certificate against (and to send as SNI). */
  'tls-server-name'?: string;
  /** Skip verification of the server certificate. */
  'insecure-skip-tls-verify'?: boolean;
  /** Path of a PEM CA bundle; relative paths are relative to the file that defines the entry. */
  'certificate-authority'?: string;
  /** Base64 of a PEM CA bundle (wins over `certificate-authority`). */
  'certificate-authority-data'?: string;
  /** Proxy for every request to this cluster (`http`, `https` or `socks5` URL). */
  'proxy-url'?: string;
  /** Do not ask the server for compressed responses. */
  'disable-compression'?: boolean;
  extensions?: NamedExtension[];
  [field: string]: unknown;
}

/** One `env` entry of an exec plugin in the file. */
export interface ExecEnvEntry {
  name: string;
  value: string;
}

/** `users[].user.exec`: an exec credential plugin. */
export interface ExecEntry {
  /** Command to run; when it contains a `/` it is relative to the file that defines the user. */
  command?: string;
  args?: string[];
  env?: ExecEnvEntry[];
  /** `client.authentication.platform.io/v1` or `.../v1beta1`. */
  apiVersion?: string;
  installHint?: string;
  provideClusterInfo?: boolean;
  /** `Never`, `IfAvailable` or `Always` (defaults to `IfAvailable` for v1beta1 when loading). */
  interactiveMode?: string;
  [field: string]: unknown;
}

/** `users[].user.auth-provider` (kept and shown, but no provider is built in). */
export interface AuthProviderEntry {
  name: string;
  config?: Record<string, string>;
  [field: string]: unknown;
}

/** `users[].user`: credentials and impersonation settings. */
export interface UserEntry {
  'client-certificate'?: string;
  /** Base64 of a PEM certificate. */
  'client-certificate-data'?: string;
  'client-key'?: string;
  /** Base64 of a PEM private key. */
  'client-key-data'?: string;
  token?: string;
  tokenFile?: string;
  /** User to impersonate. */
  as?: string;
  'as-uid'?: string;
  'as-groups'?: string[];
  'as-user-extra'?: Record<string, string[]>;
  username?: string;
  password?: string;
  'auth-provider'?: AuthProviderEntry;
  exec?: ExecEntry;
  extensions?: NamedExtension[];
  [field: string]: unknown;
}

/** `contexts[].context`: a cluster, a user and a default namespace. */
export interface ContextEntry {
  cluster?: string;
  user?: string;
  namespace?: string;
  extensions?: NamedExtension[];
  [field: string]: unknown;
}

/** `preferences`. */
export interface Preferences {
  colors?: boolean;
  extensions?: NamedExtension[];
  [field: string]: unknown;
}

/** The three kinds of named entries. */
export type EntryKind = 'clusters' | 'users' | 'contexts';

/**
 * A whole configuration: one file, or several merged. Named entries live in `Map`s (so that any
 * name, `__proto__` included, is safe), with their names as keys.
 */
export interface ConfigModel {
  /** Name of the current context; empty when none is set. */
  currentContext: string;
  preferences: Preferences;
  clusters: Map<string, ClusterEntry>;
  users: Map<string, UserEntry>;
  contexts: Map<string, ContextEntry>;
  /** Top-level `extensions`. */
  extensions?: NamedExtension[];
}
