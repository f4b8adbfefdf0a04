/**
 * The kubeconfig file model: clusters, users and contexts exactly as they are spelled in the
 * file (`certificate-authority-data`, `tokenFile`, `as-groups` ...), so that nothing is renamed
 * between the file, `config view`, `config set PROPERTY` and the SDK.
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

/** One config file as read from disk. */
export interface ConfigFile {
  /** The path as it was named (flag, environment variable or default). */
  readonly path: string;
  /** Whether the file existed when it was read. */
  readonly exists: boolean;
  /** Its content. */
  readonly model: ConfigModel;
  /** Top-level fields other than the known ones, kept when the file is rewritten. */
  readonly extra: Record<string, unknown>;
}

/** Which files a configuration is loaded from and written to (client-go's `ConfigAccess`). */
export interface ConfigAccess {
  /** `--kubeconfig`: the only file read and written when set. */
  readonly explicitPath?: string;
  /** The files read, first wins: the explicit file, else `$PLATFORMCONFIG` entries, else `~/.platform/config`. */
  readonly precedence: readonly string[];
  /** Whether the list came from `$PLATFORMCONFIG`. */
  readonly fromEnv: boolean;
  /** Directory relative paths (in the list and in flags) are relative to; absent: the process's. */
  readonly cwd?: string;
  /** Home directory (for the default cache dir). */
  readonly homedir: string;
}

/** Which file each merged entry came from. */
export interface ConfigOrigins {
  clusters: Map<string, string>;
  users: Map<string, string>;
  contexts: Map<string, string>;
  /** File that set `current-context` (the first with a non-empty value). */
  currentContext?: string;
}

/** The result of {@link loadConfig}: the merged configuration and where each part came from. */
export interface LoadedConfig {
  readonly access: ConfigAccess;
  /** Every file of the precedence list, in order, including missing ones (`exists: false`). */
  readonly files: readonly ConfigFile[];
  /** The merged configuration, paths as written in the files (not resolved). */
  readonly config: ConfigModel;
  readonly origins: ConfigOrigins;
}
