/**
 * Admission for signing requests: the sub-resource strategies (the `approval` sub-resource
 * changes only the Approved/Denied conditions, `status` never changes them), and kube-apiserver's
 * CertificateApproval (`approve` on the signer), CertificateSigning (`sign` on the signer to set a
 * certificate) and CertificateSubjectRestriction (no `system:masters` for the apiserver-client signer).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { CertificateSigningRequest } from '../../sdk/types/generated/certificates-v1.js';
import { GROUPS, SIGNERS } from '../../sdk/naming.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../admission/types.js';
import type { SignerVerb } from '../auth/authz/signers.js';
import type { UserInfo } from '../request/user.js';
import { timestamp } from '../util/time.js';
import { forbidden } from '../errors.js';
import { storedAs, type KindDef } from '../registry/kind-def.js';
import { APPROVAL_TYPES, certificateOf, populateConditionTimestamps, setConditions } from './conditions.js';
import { conditionsOf } from '../util/conditions.js';
import { decodeBytesField } from './pem.js';
import { parseRequestPem } from './request.js';
import { isCertificateController } from './writer.js';

/** Asks the authorizer whether a user may approve or sign for a signer. */
export type SignerCheck = (user: UserInfo, verb: SignerVerb, signerName: string) => Promise<boolean>;

const RESOURCE = { group: GROUPS.certificates, resource: 'certificatesigningrequests' };

function isCsr(a: AdmissionAttributes): boolean {
  return a.def.group === GROUPS.certificates && a.def.plural === 'certificatesigningrequests';
}

function signerOf(csrs: KindDef<CertificateSigningRequest>, csr: JsonObject | undefined): string {
  return (csr === undefined ? undefined : storedAs(csrs, csr).spec?.signerName) ?? '';
}

/** Keeps the conditions of `from` whose type `keep` selects, and those of `to` that it does not. */
function mergeConditions(next: JsonObject, old: JsonObject, fromNext: (type: string) => boolean): void {
  const merged = [
    ...conditionsOf(old.status).filter((c) => !fromNext(String(c.type))),
    ...conditionsOf(next.status).filter((c) => fromNext(String(c.type))),
  ];
  setConditions(next, merged);
}

/** The approval/status strategies and condition timestamps (always on: part of the kind). */
export function csrStrategyPlugin(now: () => number): AdmissionPlugin {
  return {
    name: 'CertificateSigningRequestStrategy',
    admit(a) {
      if (!isCsr(a) || a.operation !== 'UPDATE' || a.object === undefined || a.oldObject === undefined) return;
      if (a.subresource === 'approval') mergeConditions(a.object, a.oldObject, (t) => APPROVAL_TYPES.includes(t));
      else if (a.subresource === 'status') mergeConditions(a.object, a.oldObject, (t) => !APPROVAL_TYPES.includes(t));
      else return;
      populateConditionTimestamps(a.object, a.oldObject, timestamp(now()));
    },
  };
}

async function requireSigner(check: SignerCheck, a: AdmissionAttributes, verb: SignerVerb, signer: string): Promise<void> {
  if (isCertificateController(a.user)) return;
  if (await check(a.user, verb, signer)) return;
  throw forbidden(RESOURCE, a.name, `user not permitted to ${verb} requests with signerName ${JSON.stringify(signer)}`);
}

/** CertificateApproval: changing the decision needs `approve` on the signer. */
export function certificateApprovalPlugin(csrs: KindDef<CertificateSigningRequest>, check: SignerCheck): AdmissionPlugin {
  return {
    name: 'CertificateApproval',
    async validate(a) {
      if (!isCsr(a) || a.operation !== 'UPDATE' || a.subresource !== 'approval') return;
      await requireSigner(check, a, 'approve', signerOf(csrs, a.oldObject));
    },
  };
}

/** CertificateSigning: setting or changing `status.certificate` needs `sign` on the signer. */
export function certificateSigningPlugin(csrs: KindDef<CertificateSigningRequest>, check: SignerCheck): AdmissionPlugin {
  return {
    name: 'CertificateSigning',
    async validate(a) {
      if (!isCsr(a) || a.operation !== 'UPDATE' || a.subresource !== 'status' || a.object === undefined || a.oldObject === undefined) return;
      if (certificateOf(a.object) === certificateOf(a.oldObject)) return;
      await requireSigner(check, a, 'sign', signerOf(csrs, a.oldObject));
    },
  };
}

/** CertificateSubjectRestriction: the apiserver-client signer never issues for `system:masters`. */
export function certificateSubjectRestrictionPlugin(csrs: KindDef<CertificateSigningRequest>): AdmissionPlugin {
  return {
    name: 'CertificateSubjectRestriction',
    validate(a) {
      if (!isCsr(a) || a.operation !== 'CREATE' || a.subresource !== '' || a.object === undefined) return;
      const csr = storedAs(csrs, a.object);
      const signer = csr.spec?.signerName ?? '';
      if (signer !== SIGNERS.apiserverClient) return;
      let orgs: string[];
      try {
        orgs = parseRequestPem(decodeBytesField(csr.spec?.request) ?? '').organizations;
      } catch (e) {
        throw forbidden(RESOURCE, a.name, `failed to parse CSR: ${e instanceof Error ? e.message : String(e)}`);
      }
      if (orgs.includes('system:masters')) throw forbidden(RESOURCE, a.name, `use of ${signer} signer with system:masters group is not allowed`);
    },
  };
}
