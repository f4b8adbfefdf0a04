/**
 * The auto-approver of node client certificates (csrapproving's sarApprover): a request for the
 * apiserver-client-nodeagent signer that follows that signer's rules is approved when a
 * SubjectAccessReview for its requestor allows `create` on `certificatesigningrequests/selfnodeclient`
 * (a node renewing its own certificate) or `certificatesigningrequests/nodeclient` (a bootstrap
 * identity asking for a node's first one).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { GROUPS, SIGNERS } from '../../sdk/naming.js';
import type { Authorizer } from '../auth/authorizer.js';
import type { UserInfo } from '../request/user.js';
import type { ServerContext } from '../context.js';
import { timestamp } from '../util/time.js';
import type { Controller } from '../control/controller.js';
import type { ResourceDef } from '../registry/types.js';
import { asArray, asObject, asString } from '../util/json.js';
import { certificateOf, setConditions } from './conditions.js';
import { conditionsOf, findCondition } from '../util/conditions.js';
import { csrController } from './csr-watch.js';
import { decodeBytesField } from './pem.js';
import { parseRequestPem, type ParsedRequest } from './request.js';
import { nodeClientError } from './signer-rules.js';
import { CsrWriter } from './writer.js';

interface Recognizer {
  subresource: 'selfnodeclient' | 'nodeclient';
  recognize(csr: JsonObject, req: ParsedRequest, usages: string[]): boolean;
  message: string;
}

function isNodeClient(csr: JsonObject, req: ParsedRequest, usages: string[]): boolean {
  return asString(asObject(csr.spec)?.signerName) === SIGNERS.apiserverClientNodeAgent && nodeClientError(req, usages) === undefined;
}

const RECOGNIZERS: readonly Recognizer[] = [
  {
    subresource: 'selfnodeclient',
    recognize: (csr, req, usages) => asString(asObject(csr.spec)?.username) === req.commonName && isNodeClient(csr, req, usages),
    message: 'Auto approving self nodeagent client certificate after SubjectAccessReview.',
  },
  {
    subresource: 'nodeclient',
    recognize: isNodeClient,
    message: 'Auto approving nodeagent client certificate after SubjectAccessReview.',
  },
];

/** The requestor of a request, as its spec recorded it. */
function requestor(csr: JsonObject): UserInfo {
  const spec = asObject(csr.spec) ?? {};
  const user: UserInfo = { username: asString(spec.username) ?? '', groups: (asArray(spec.groups) ?? []).map((g) => String(g)) };
  const uid = asString(spec.uid);
  if (uid !== undefined) user.uid = uid;
  const extra = asObject(spec.extra);
  if (extra !== undefined) {
    user.extra = Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, (asArray(v) ?? []).map((x) => String(x))]));
  }
  return user;
}

/** Creates the auto-approver. */
export function approverController(ctx: ServerContext, def: ResourceDef, authorizer: Authorizer): Controller {
  const writer = new CsrWriter(ctx, def, 'csrapproving');
  return csrController(ctx, def, 'csrapproving', async (csr) => {
    if (certificateOf(csr) !== '' || findCondition(csr.status, 'Approved') !== undefined || findCondition(csr.status, 'Denied') !== undefined) return;
    const spec = asObject(csr.spec) ?? {};
    if (spec.signerName !== SIGNERS.apiserverClientNodeAgent) return;
    let req: ParsedRequest;
    try {
      req = parseRequestPem(decodeBytesField(spec.request) ?? '');
    } catch {
      return;
    }
    const usages = (asArray(spec.usages) ?? []).map((u) => String(u));
    const name = asString(asObject(csr.metadata)?.name) ?? '';
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
