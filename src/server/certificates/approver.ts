/**
 * The auto-approver of node client certificates (csrapproving's sarApprover): a request for the
 * apiserver-client-nodeagent signer that follows that signer's rules is approved when a
 * SubjectAccessReview for its requestor allows `create` on `certificatesigningrequests/selfnodeclient`
 * (a node renewing its own certificate) or `certificatesigningrequests/nodeclient` (a bootstrap
 * identity asking for a node's first one).
 */
import type { CertificateSigningRequest } from '../../sdk/types/generated/certificates-v1.js';
import { GROUPS, SIGNERS } from '../../sdk/naming.js';
import type { Authorizer } from '../auth/authorizer.js';
import type { UserInfo } from '../request/user.js';
import type { ServerContext } from '../context.js';
import { timestamp } from '../util/time.js';
import type { Controller } from '../control/controller.js';
import type { KindDef } from '../registry/kind-def.js';
import { certificateOf, setConditions } from './conditions.js';
import { conditionsOf, findCondition } from '../util/conditions.js';
import { csrController } from './csr-watch.js';
import { decodeBytesField } from './pem.js';
import { parseRequestPem, type ParsedRequest } from './request.js';
import { nodeClientError } from './signer-rules.js';
import { CsrWriter } from './writer.js';

interface Recognizer {
  subresource: 'selfnodeclient' | 'nodeclient';
  recognize(csr: CertificateSigningRequest, req: ParsedRequest, usages: string[]): boolean;
  message: string;
}

function isNodeClient(csr: CertificateSigningRequest, req: ParsedRequest, usages: string[]): boolean {
  return csr.spec?.signerName === SIGNERS.apiserverClientNodeAgent && nodeClientError(req, usages) === undefined;
}

const RECOGNIZERS: readonly Recognizer[] = [
  {
    subresource: 'selfnodeclient',
    recognize: (csr, req, usages) => csr.spec?.username === req.commonName && isNodeClient(csr, req, usages),
    message: 'Auto approving self nodeagent client certificate after SubjectAccessReview.',
  },
  {
    subresource: 'nodeclient',
    recognize: isNodeClient,
    message: 'Auto approving nodeagent client certificate after SubjectAccessReview.',
  },
];

/** The requestor of a request, as its spec recorded it. */
function requestor(csr: CertificateSigningRequest): UserInfo {
  const spec = csr.spec;
  const user: UserInfo = { username: spec?.username ?? '', groups: [...(spec?.groups ?? [])] };
  if (spec?.uid !== undefined) user.uid = spec.uid;
  const extra = spec?.extra;
  // A null list in a map stays null when a write is decoded (Go's zero value of a slice).
  if (extra !== undefined) user.extra = Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, [...(v ?? [])]]));
  return user;
}

/** Creates the auto-approver. */
export function approverController(ctx: ServerContext, def: KindDef<CertificateSigningRequest>, authorizer: Authorizer): Controller {
  const writer = new CsrWriter(ctx, def, 'csrapproving');
  return csrController(ctx, def, 'csrapproving', async (csr) => {
    if (certificateOf(csr) !== '' || findCondition(csr.status, 'Approved') !== undefined || findCondition(csr.status, 'Denied') !== undefined) return;
    const spec = csr.spec;
    if (spec?.signerName !== SIGNERS.apiserverClientNodeAgent) return;
    let req: ParsedRequest;
    try {
      req = parseRequestPem(decodeBytesField(spec.request) ?? '');
    } catch {
      return;
    }
    const usages: string[] = [...(spec.usages ?? [])];
    const name = csr.metadata?.name ?? '';
    const user = requestor(csr);
    for (const r of RECOGNIZERS) {
      if (!r.recognize(csr, req, usages)) continue;
      const decision = await authorizer.authorize({
        user, verb: 'create', isResourceRequest: true, path: '', apiGroup: GROUPS.certificates, apiVersion: '*',
        resource: 'certificatesigningrequests', subresource: r.subresource, namespace: '', name: '',
      });
      if (decision.decision !== 'allow') continue;
      const now = timestamp(ctx.now());
      await writer.update(name, 'approval', (current) => {
        if (findCondition(current.status, 'Approved') !== undefined || findCondition(current.status, 'Denied') !== undefined) return false;
        setConditions(current, [...conditionsOf(current.status), { type: 'Approved', status: 'True', reason: 'AutoApproved', message: r.message, lastUpdateTime: now, lastTransitionTime: now }]);
        return true;
      });
      return;
    }
  });
}
