/**
 * Where dynamic completions come from: config names, namespaces, resource types and object names.
 * The engine asks through this interface, so it stays free of config, network and discovery code
 * (only the cases that need them load them), and tests can answer with fixed lists.
 */

/** Settings from the command line being completed that decide which config and cluster to ask. */
export interface SourceSettings {
  /** `--kubeconfig`, when given. */
  kubeconfig?: string;
  /** `--context`, `--cluster`, `--user`, when given. */
  context?: string;
  cluster?: string;
  user?: string;
  /** `-n/--namespace`, when given. */
  namespace?: string;
  /** `--server`, `--token`, `--cache-dir`, when given. */
  server?: string;
  token?: string;
  cacheDir?: string;
  /** `--insecure-skip-tls-verify`, when given. */
  insecureSkipTlsVerify?: boolean;
  /** `--request-timeout`, when given (a Go duration). */
  requestTimeout?: string;
}

/**
 * Dynamic completion data. Every method resolves to an empty list when the data is out of reach
 * (no config, server down, timeout): completing must never fail or hang the shell.
 */
export interface CompletionSources {
  /** Context names from the merged config files. */
  contexts(): Promise<string[]>;
  /** Cluster names from the merged config files. */
  clusters(): Promise<string[]>;
  /** User names from the merged config files. */
  users(): Promise<string[]>;
  /** Namespace names from the server. */
  namespaces(): Promise<string[]>;
  /** Resource type names (plurals) from the discovery cache, refreshing it when it is empty. */
  resourceTypes(): Promise<string[]>;
  /** Names of the objects of `type` in the namespace in effect (all names for cluster-scoped types). */
  resourceNames(type: string): Promise<string[]>;
}

/** Creates the sources for the settings read from the command line being completed. */
export type SourcesFactory = (settings: SourceSettings) => CompletionSources;
