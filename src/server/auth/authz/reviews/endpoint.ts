/**
 * The pipeline endpoint serving POSTs of the four access reviews once the request is authorized
 * (creating a SubjectAccessReview needs `create` on subjectaccessreviews like any other write).
 */
import { GROUPS } from '../../../../sdk/naming.js';
import { badRequest } from '../../../errors.js';
import { negotiate } from '../../../http/negotiation.js';
import type { RequestContext } from '../../../http/request-context.js';
import { send } from '../../../http/respond.js';
import { decodeAnswered, parseWriteBody } from '../../../http/write-body.js';
import type { RequestInfo } from '../../../request/request-info.js';
import { asString } from '../../../util/json.js';
import type { ModeUnion } from '../union.js';
import { answerAccessReview, type AccessReviewKind } from './access-review.js';
import { answerRulesReview } from './rules-review.js';

const AUTHORIZATION_V1 = 'authorization.platform.io/v1';

const KINDS: Record<string, AccessReviewKind | 'SelfSubjectRulesReview'> = {
  selfsubjectaccessreviews: 'SelfSubjectAccessReview',
  subjectaccessreviews: 'SubjectAccessReview',
  localsubjectaccessreviews: 'LocalSubjectAccessReview',
  selfsubjectrulesreviews: 'SelfSubjectRulesReview',
};

/** An endpoint of the request pipeline (the shape of PipelineEndpoint in http/handler.ts). */
export interface ReviewEndpoint {
  matches(info: RequestInfo): boolean;
  serve(rc: RequestContext): Promise<void>;
}

/** The access-review endpoint over the configured modes. */
export function accessReviewEndpoint(union: ModeUnion): ReviewEndpoint {
  return {
    matches(info) {
      if (!info.isResourceRequest || info.apiGroup !== GROUPS.authorization || info.apiVersion !== 'v1') return false;
      if (info.verb !== 'create' || info.name !== '' || info.subresource !== '') return false;
      const kind = KINDS[info.resource];
      if (kind === undefined) return false;
      return kind === 'LocalSubjectAccessReview' ? info.namespace !== '' : info.namespace === '';
    },
    async serve(rc) {
      const kind = KINDS[rc.info.resource];
      if (kind === undefined) throw badRequest(`unknown review ${rc.info.resource}`);
      const out = negotiate(rc.req.headers.accept, { transforms: false, protobuf: true }, false);
      const parsed = await parseWriteBody(rc, kind);
      const sentKind = asString(parsed.obj.kind);
      if (sentKind !== undefined && sentKind !== '' && sentKind !== kind) {
        throw badRequest(`the kind in the body (${sentKind}) does not match the expected kind (${kind})`);
      }
      const answer = kind === 'SelfSubjectRulesReview'
        ? await answerRulesReview(union, await decodeAnswered(rc, parsed, AUTHORIZATION_V1, kind), rc.user)
        : await answerAccessReview(union, kind, await decodeAnswered(rc, parsed, AUTHORIZATION_V1, kind), rc.user, rc.info.namespace);
      await send(rc.res, 201, answer, out, rc.headers);
    },
  };
}
