/**
 * Options of the server's authentication (the `authentication` field of ServerOptions), mirroring
 * kube-apiserver's flags. File paths are read at start-up; the inline forms are for tests.
 */
import type { StaticTokenUser } from './static-token.js';

/** OpenID Connect ID-token authentication. */
export interface OidcOptions {
  /** `--oidc-issuer-url` (HTTPS). */
  issuerURL: string;
  /** `--oidc-client-id`. */
  clientID: string;
  /** `--oidc-username-claim` (default `sub`). */
  usernameClaim?: string;
  /** `--oidc-username-prefix` (`-` disables; default `<issuer>#` unless the claim is `email`). */
  usernamePrefix?: string;
  /** `--oidc-groups-claim`. */
  groupsClaim?: string;
  /** `--oidc-groups-prefix`. */
  groupsPrefix?: string;
  /** `--oidc-required-claim` pairs. */
  requiredClaims?: Record<string, string>;
  /** `--oidc-ca-file`. */
  caFile?: string;
  /** CA PEM of the provider (instead of a file). */
  caPem?: string;
  /** Signing algorithms accepted (`--oidc-signing-algs`, default RS256). */
  signingAlgs?: string[];
}

/** Webhook token authentication. */
export interface TokenWebhookOptions {
  /** `--authentication-token-webhook-config-file` (client-config format). */
  configFile: string;
  /** `--authentication-token-webhook-version`: `v1beta1` (default) or `v1`. */
  version?: 'v1' | 'v1beta1';
  /** `--authentication-token-webhook-cache-ttl` in ms (default 2 minutes). */
  cacheTtlMs?: number;
}

/** The authenticating proxy. */
export interface RequestHeaderOptions {
  /** `--requestheader-username-headers` (required). */
  usernameHeaders: string[];
  /** `--requestheader-group-headers`. */
  groupHeaders?: string[];
  /** `--requestheader-extra-headers-prefix`. */
  extraHeadersPrefix?: string[];
  /** `--requestheader-client-ca-file`. */
  clientCAFile?: string;
  /** The request-header CA as PEM (instead of a file). */
  clientCAPem?: string;
  /** `--requestheader-allowed-names` (empty: every name). */
  allowedNames?: string[];
}

/** Service-account tokens. */
export interface ServiceAccountOptions {
  /** `--service-account-signing-key-file` (default: a key kept in the data dir, or one per process). */
  signingKeyFile?: string;
  /** `--service-account-key-file` (repeatable): further verification keys. */
  keyFiles?: string[];
  /** `--service-account-issuer` (repeatable; the first signs). */
  issuers?: string[];
  /** `--api-audiences` (default: the issuers). */
  apiAudiences?: string[];
}

/** Authentication of the local server. */
export interface AuthenticationOptions {
  /** `--anonymous-auth` (default false for ServerOptions; `local start` turns it on unless authorization is AlwaysAllow). */
  anonymous?: boolean;
  /** `--token-auth-file`. */
  tokenAuthFile?: string;
  /** Static token users (instead of a file). */
  tokens?: StaticTokenUser[];
  /** `--client-ca-file`: trusted for client certificates besides the server's CA. */
  clientCAFile?: string;
  /** Further client CA PEM. */
  clientCAPem?: string;
  /** Service-account token options. */
  serviceAccounts?: ServiceAccountOptions;
  /** `--enable-bootstrap-token-auth`. */
  enableBootstrapTokenAuth?: boolean;
  /** Interval of the token cleaner's sweep (ms, default 1 minute besides the per-token timers). */
  tokenCleanerIntervalMs?: number;
  oidc?: OidcOptions;
  webhook?: TokenWebhookOptions;
  requestHeader?: RequestHeaderOptions;
}
