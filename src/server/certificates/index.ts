/**
 * The certificate machinery of the local server, assembled from
 * ServerOptions.certificates: the admission plugins of signing requests, the signing controller
 * of the built-in signers, the auto-approver, the cleaner, the bootstrap signer and the RBAC
 * objects of node bootstrapping. The built-in signers sign with the server's CA unless another
 * is given, so issued client certificates authenticate (that CA is trusted for client auth).
 */
import type { AdmissionPlugin } from '../admission/types.js';
import type { Authorizer } from '../auth/authorizer.js';
import type { AuthorizationOptions } from '../auth/authz/options.js';
import type { ServerContext, ServerCore } from '../context.js';
import type { Controller } from '../control/controller.js';
import { certificateApprovalPlugin, certificateSigningPlugin, certificateSubjectRestrictionPlugin, csrStrategyPlugin, type SignerCheck } from './admission.js';
import { approverController } from './approver.js';
import { bootstrapSignerController } from './bootstrap-signer.js';
import { SigningCA } from './ca.js';
import { cleanerController } from './cleaner.js';
import { CERTIFICATE_DEFAULTS, type CertificatesOptions } from './options.js';
import { nodeBootstrapPolicyController } from './policy.js';
import { signingController } from './signing-controller.js';
import { loadX509 } from '../../sdk/types/x509-module.js';

export type { CertificatesOptions } from './options.js';

/** What the server wires in. */
export interface CertificatesSetup {
  admission: AdmissionPlugin[];
  /** The signing, approving, cleaning and bootstrap controllers the options ask for. */
  controllers(ctx: ServerContext): Controller[];
  /** PEM of the CA the built-in signers use (trusted for client certificates). */
  signingCAPem: string;
}

/** What {@link setupCertificates} needs from the server. */
export interface CertificatesInputs {
  options: CertificatesOptions;
  /** The server's CA (certificate and key). */
  caPem: string;
  caKeyPem: string;
  authorizer: Authorizer;
  mayUseSigner: SignerCheck;
  /** The server URL (known once it listens). */
  serverUrl: () => string;
  /** The server's authorization options (RBAC's bootstrap policy turns `bootstrapPolicy` on by default). */
  authorization: AuthorizationOptions | undefined;
}

/** Builds the certificate machinery. */
export async function setupCertificates(core: ServerCore, inp: CertificatesInputs): Promise<CertificatesSetup> {
  await loadX509();
  const o = inp.options;
  const def = core.registry.kind('certificates.platform.io/v1', 'CertificateSigningRequest');
  const admission = [
    csrStrategyPlugin(() => core.now()),
    certificateApprovalPlugin(def, inp.mayUseSigner),
    certificateSigningPlugin(def, inp.mayUseSigner),
    certificateSubjectRestrictionPlugin(def),
  ];
  const ca = await SigningCA.load(inp.caPem, inp.caKeyPem);
  const controllers = (ctx: ServerContext): Controller[] => {
    const out: Controller[] = [];
    const rbacBootstrap = inp.authorization?.bootstrapPolicy ?? (inp.authorization?.modes ?? []).includes('RBAC');
    if (o.bootstrapPolicy ?? rbacBootstrap) out.push(nodeBootstrapPolicyController(ctx));
    if (o.autoApprove !== false) out.push(approverController(ctx, def, inp.authorizer));
    if (o.signer !== false) out.push(signingController(ctx, def, ca, o.signingDurationMs ?? CERTIFICATE_DEFAULTS.signingDurationMs));
    if (o.cleaner !== false) out.push(cleanerController(ctx, def, {
      approvedTtlMs: o.approvedTtlMs ?? CERTIFICATE_DEFAULTS.approvedTtlMs,
      pendingTtlMs: o.pendingTtlMs ?? CERTIFICATE_DEFAULTS.pendingTtlMs,
      intervalMs: o.cleanupIntervalMs ?? CERTIFICATE_DEFAULTS.cleanupIntervalMs,
    }));
    if (o.bootstrapSigner === true) out.push(bootstrapSignerController(ctx, inp.serverUrl, inp.caPem));
    return out;
  };
  return { admission, controllers, signingCAPem: ca.certPem };
}
