/**
 * Options of the certificate machinery of the local server (ServerOptions.certificates).
 */

/** Signing, auto-approval, clean-up and bootstrap signing of certificate signing requests. */
export interface CertificatesOptions {
  /** `--cluster-signing-duration`: longest lifetime of issued certificates (ms, default 8760h). */
  signingDurationMs?: number;
  /** Run the signing controller (default true). */
  signer?: boolean;
  /** Run the auto-approver of node client certificates (default true). */
  autoApprove?: boolean;
  /** Run the cleaner of old requests (default true). */
  cleaner?: boolean;
  /** How long approved, denied and failed requests are kept (ms, default 1 hour). */
  approvedTtlMs?: number;
  /** How long pending requests are kept (ms, default 24 hours). */
  pendingTtlMs?: number;
  /** Interval of the clean-up sweep (ms, default 1 hour as the csrcleaner's). */
  cleanupIntervalMs?: number;
  /** The bootstrapsigner controller: signs `cluster-info` in platform-public (default false, `--controllers=*,bootstrapsigner`). */
  bootstrapSigner?: boolean;
  /**
   * RBAC objects of node bootstrapping, as kubeadm creates them: node-bootstrapper, the
   * nodeclient/selfnodeclient approval roles and bindings, and anonymous read of cluster-info
   * (default: when RBAC's bootstrap policy is on).
   */
  bootstrapPolicy?: boolean;
}

/** Defaults. */
export const CERTIFICATE_DEFAULTS = {
  signingDurationMs: 8760 * 3600 * 1000,
  approvedTtlMs: 3600 * 1000,
  pendingTtlMs: 24 * 3600 * 1000,
  cleanupIntervalMs: 3600 * 1000,
} as const;
