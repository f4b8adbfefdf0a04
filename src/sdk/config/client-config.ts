/**
 * The resolved connection settings for one cluster and one set of credentials: what the config
 * layer produces (from config files, overrides and the in-cluster environment) and what the
 * transport and auth layers consume. The equivalent of client-go's `rest.Config`.
 */

/** One `env` entry of an exec plugin. */
export interface ExecEnvVar {
  name: string;
  value: string;
}

/** An exec credential plugin as configured in a user entry (`users[].user.exec`). */
export interface ExecConfig {
  /** Command to run; already resolved against the config file's directory when it contains a `/`. */
  command: string;
  args?: string[];
  env?: ExecEnvVar[];
  /** `client.authentication.platform.io/v1` or `.../v1beta1`. */
  apiVersion: string;
  installHint?: string;
  provideClusterInfo?: boolean;
  /** `Never`, `IfAvailable` or `Always` (required in v1; default `IfAvailable` in v1beta1). */
  interactiveMode?: 'Never' | 'IfAvailable' | 'Always';
}

/** Cluster information handed to an exec plugin when `provideClusterInfo` is set. */
export interface ExecClusterInfo {
  server: string;
  tlsServerName?: string;
  insecureSkipTLSVerify?: boolean;
  /** PEM CA bundle, inlined even when the config named a file. */
  certificateAuthorityData?: string;
  proxyURL?: string;
  disableCompression?: boolean;
  /** The cluster extension `client.authentication.platform.io/exec`, if present. */
  config?: unknown;
}

/** Impersonation settings (`--as`, `--as-group`, `--as-uid`, and `as-user-extra` from the config). */
export interface ImpersonationConfig {
  user?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

/** Everything needed to talk to one cluster as one identity. */
export interface ClientConfig {
  /** Base URL of the API server, e.g. `https://127.0.0.1:6443` (may include a path prefix). */
  server: string;
  /** TLS: PEM CA bundle to trust (file contents already read). */
  caData?: string;
  /** TLS: the file the CA came from, for messages and for exec cluster info. */
  caFile?: string;
  /** TLS: SNI / verification name. */
  tlsServerName?: string;
  /** TLS: skip server certificate verification. */
  insecureSkipTLSVerify?: boolean;
  /** Client certificate and key, PEM (file contents already read). */
  certData?: string;
  keyData?: string;
  /** Bearer token (from the config, `--token`, or in-cluster). */
  bearerToken?: string;
  /** File to (re-)read the bearer token from; takes precedence over `bearerToken` when set. */
  bearerTokenFile?: string;
  /** Basic authentication. */
  username?: string;
  password?: string;
  /** Exec credential plugin. */
  exec?: ExecConfig;
  /** Cluster info for exec plugins with `provideClusterInfo`. */
  execClusterInfo?: ExecClusterInfo;
  /** Impersonation headers to send. */
  impersonate?: ImpersonationConfig;
  /** `proxy-url` of the cluster entry; otherwise the standard proxy environment variables apply. */
  proxyURL?: string;
  /** Disable gzip content encoding negotiation. */
  disableCompression?: boolean;
  /** Per-request timeout in milliseconds; 0 or undefined means none. */
  timeoutMs?: number;
  /** User-Agent header value. */
  userAgent?: string;
  /** Default namespace: `-n`, then the context's, then `default`. */
  namespace: string;
  /** Whether the namespace came from `-n` or the context (false when it fell back to `default`). */
  namespaceExplicit?: boolean;
  /** Names this config was resolved from, for messages (`config view --minify`, errors). */
  contextName?: string;
  clusterName?: string;
  userName?: string;
  /** True when the settings came from the in-cluster service account. */
  inCluster?: boolean;
  /** Cache directory for discovery and HTTP caches (`--cache-dir`, default `~/.platform/cache`). */
  cacheDir?: string;
  /** The config file the context came from, for messages (absent for in-cluster or flag-only configs). */
  configFile?: string;
}
