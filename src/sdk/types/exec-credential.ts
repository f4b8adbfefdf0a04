/**
 * `ExecCredential` (`client.authentication.platform.io/v1` and `v1beta1`): the input an exec
 * credential plugin reads from `PLATFORM_EXEC_INFO`, and the answer it prints on stdout.
 */
import type { TypeMeta } from './meta.js';

/** Cluster information passed to a plugin with `provideClusterInfo`. */
export interface ExecCredentialCluster {
  server: string;
  'tls-server-name'?: string;
  'insecure-skip-tls-verify'?: boolean;
  /** Base64 of the PEM CA bundle. */
  'certificate-authority-data'?: string;
  'proxy-url'?: string;
  'disable-compression'?: boolean;
  /** The cluster extension `client.authentication.platform.io/exec`. */
  config?: unknown;
}

/** The credential a plugin returns. */
export interface ExecCredentialStatus {
  token?: string;
  clientCertificateData?: string;
  clientKeyData?: string;
  /** RFC 3339 time after which the credential must be fetched again. */
  expirationTimestamp?: string;
}

/** The ExecCredential object. */
export interface ExecCredential extends TypeMeta {
  spec?: { cluster?: ExecCredentialCluster; interactive?: boolean };
  status?: ExecCredentialStatus;
}
