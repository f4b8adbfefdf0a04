/**
 * Answers to SelfSubjectAccessReview, SubjectAccessReview and LocalSubjectAccessReview: the spec
 * is validated as kube-apiserver validates it, turned into request attributes and decided by the
 * configured modes; `status` carries allowed, denied, reason and evaluationError.
 *
 * The endpoint decoded the review as its kind (a value of the wrong type was refused there, nulls
 * dropped), so it is read typed; the decoder fills nothing in, so the spec may be missing.
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import type { SubjectAccessReviewSpec, SubjectAccessReviewStatus } from '../../../../sdk/types/generated/authorization-v1.js';
import { GROUPS } from '../../../../sdk/naming.js';
import { badRequest } from '../../../errors.js';
import type { BuiltinObject } from '../../../registry/kind-def.js';
import { stringsOf } from '../../../util/json.js';
import { fieldError, invalid, type FieldError } from '../../../validation/field-errors.js';
import type { AuthorizationAttributes } from '../../authorizer.js';
import type { UserInfo } from '../../../request/user.js';
import type { ModeUnion } from '../union.js';

/** The three access-review kinds. */
export type AccessReviewKind = 'SelfSubjectAccessReview' | 'SubjectAccessReview' | 'LocalSubjectAccessReview';

/** A review of one of the three kinds (a SelfSubjectAccessReview's spec is the others' without the subject). */
export type AccessReview = BuiltinObject<'authorization.platform.io/v1', AccessReviewKind>;

function specErrors(spec: SubjectAccessReviewSpec, kind: AccessReviewKind): FieldError[] {
  const errs: FieldError[] = [];
  const nra = spec.nonResourceAttributes;
  const hasRa = spec.resourceAttributes !== undefined;
  if (hasRa && nra !== undefined) errs.push(fieldError.invalid('spec.nonResourceAttributes', nra, 'cannot be specified in combination with resourceAttributes'));
  if (!hasRa && nra === undefined) errs.push(fieldError.invalid('spec.resourceAttributes', null, 'exactly one of nonResourceAttributes or resourceAttributes must be specified'));
  const user = spec.user ?? '';
  if (kind !== 'SelfSubjectAccessReview' && user === '' && (spec.groups ?? []).length === 0) {
    errs.push(fieldError.invalid('spec.user', user, 'at least one of user or group must be specified'));
  }
  return errs;
}

/** The user a review asks about: the caller for self reviews, the spec's subject otherwise. */
function subjectOf(spec: SubjectAccessReviewSpec, kind: AccessReviewKind, caller: UserInfo): UserInfo {
  if (kind === 'SelfSubjectAccessReview') return caller;
  const user: UserInfo = { username: spec.user ?? '', groups: [...(spec.groups ?? [])] };
  const uid = spec.uid ?? '';
  if (uid !== '') user.uid = uid;
  // A null list in the map is kept as null by the decoder (Go's nil), and reads as none.
  if (spec.extra !== undefined) user.extra = Object.fromEntries(Object.entries(spec.extra).map(([k, v]) => [k, stringsOf(v)]));
  return user;
}

/** The request attributes of a review's spec. */
function attributesOf(spec: SubjectAccessReviewSpec, user: UserInfo): AuthorizationAttributes {
  const ra = spec.resourceAttributes;
  if (ra !== undefined) {
    return {
      user, verb: ra.verb ?? '', isResourceRequest: true, path: '', apiGroup: ra.group ?? '', apiVersion: ra.version ?? '', resource: ra.resource ?? '',
      subresource: ra.subresource ?? '', namespace: ra.namespace ?? '', name: ra.name ?? '',
    };
  }
  const nra = spec.nonResourceAttributes ?? {};
  return {
    user, verb: nra.verb ?? '', isResourceRequest: false, path: nra.path ?? '', apiGroup: '', apiVersion: '',
    resource: '', subresource: '', namespace: '', name: '',
  };
}

/** Answers one access review; `urlNamespace` is the namespace of a LocalSubjectAccessReview's path. */
export async function answerAccessReview(union: ModeUnion, kind: AccessReviewKind, body: AccessReview, caller: UserInfo, urlNamespace: string): Promise<JsonObject> {
  // Untyped: the answer's creationTimestamp is null, as Go encodes an unset time.
  const metadata: JsonObject = { ...body.metadata };
  const spec: SubjectAccessReviewSpec = body.spec ?? {};
  const errs = specErrors(spec, kind);
  if (kind === 'LocalSubjectAccessReview') {
    const ns = body.metadata?.namespace ?? '';
    if (ns === '') metadata.namespace = urlNamespace;
    else if (ns !== urlNamespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
    const ra = spec.resourceAttributes;
    const raNamespace = ra?.namespace ?? '';
    if (ra !== undefined && raNamespace !== urlNamespace) {
      errs.push(fieldError.invalid('spec.resourceAttributes.namespace', raNamespace, 'must match metadata.namespace'));
    }
    if (spec.nonResourceAttributes !== undefined) {
      errs.push(fieldError.invalid('spec.nonResourceAttributes', spec.nonResourceAttributes, 'disallowed on this kind of request'));
    }
  }
  if (errs.length > 0) throw invalid({ group: GROUPS.authorization, kind }, '', errs);
  const decision = await union.authorize(attributesOf(spec, subjectOf(spec, kind, caller)));
  const status: SubjectAccessReviewStatus = { allowed: decision.decision === 'allow' };
  if (decision.decision === 'deny') status.denied = true;
  if ((decision.reason ?? '') !== '') status.reason = decision.reason ?? '';
  if ((decision.error ?? '') !== '') status.evaluationError = decision.error ?? '';
  if (metadata.creationTimestamp === undefined) metadata.creationTimestamp = null;
  return { kind, apiVersion: `${GROUPS.authorization}/v1`, metadata, spec, status };
}
