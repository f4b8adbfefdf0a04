/**
 * Answers to SelfSubjectAccessReview, SubjectAccessReview and LocalSubjectAccessReview: the spec
 * is validated as kube-apiserver validates it, turned into request attributes and decided by the
 * configured modes; `status` carries allowed, denied, reason and evaluationError.
 *
 * The endpoint decoded the review as its kind (a value of the wrong type was refused there); it is
 * read here with the JSON helpers.
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import { GROUPS } from '../../../../sdk/naming.js';
import { badRequest } from '../../../errors.js';
import { asObject, asString, namespaceOf, stringsOf } from '../../../util/json.js';
import { fieldError, invalid, type FieldError } from '../../../validation/field-errors.js';
import type { AuthorizationAttributes } from '../../authorizer.js';
import type { UserInfo } from '../../../request/user.js';
import type { ModeUnion } from '../union.js';

/** The three access-review kinds. */
export type AccessReviewKind = 'SelfSubjectAccessReview' | 'SubjectAccessReview' | 'LocalSubjectAccessReview';

function specErrors(spec: JsonObject, kind: AccessReviewKind): FieldError[] {
  const errs: FieldError[] = [];
  const ra = spec.resourceAttributes;
  const nra = spec.nonResourceAttributes;
  const hasRa = ra !== undefined && ra !== null;
  const hasNra = nra !== undefined && nra !== null;
  if (hasRa && hasNra) errs.push(fieldError.invalid('spec.nonResourceAttributes', nra, 'cannot be specified in combination with resourceAttributes'));
  if (!hasRa && !hasNra) errs.push(fieldError.invalid('spec.resourceAttributes', null, 'exactly one of nonResourceAttributes or resourceAttributes must be specified'));
  const user = asString(spec.user) ?? '';
  if (kind !== 'SelfSubjectAccessReview' && user === '' && stringsOf(spec.groups).length === 0) {
    errs.push(fieldError.invalid('spec.user', user, 'at least one of user or group must be specified'));
  }
  return errs;
}

/** The user a review asks about: the caller for self reviews, the spec's subject otherwise. */
function subjectOf(spec: JsonObject, kind: AccessReviewKind, caller: UserInfo): UserInfo {
  if (kind === 'SelfSubjectAccessReview') return caller;
  const user: UserInfo = { username: asString(spec.user) ?? '', groups: stringsOf(spec.groups) };
  const uid = asString(spec.uid);
  if (uid !== undefined && uid !== '') user.uid = uid;
  const extra = asObject(spec.extra);
  if (extra !== undefined) user.extra = Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, stringsOf(v)]));
  return user;
}

/** The request attributes of a review's spec. */
export function attributesOf(spec: JsonObject, user: UserInfo): AuthorizationAttributes {
  const ra = asObject(spec.resourceAttributes);
  if (ra !== undefined) {
    const s = (k: string): string => asString(ra[k]) ?? '';
    return {
      user, verb: s('verb'), isResourceRequest: true, path: '', apiGroup: s('group'), apiVersion: s('version'), resource: s('resource'),
      subresource: s('subresource'), namespace: s('namespace'), name: s('name'),
    };
  }
  const nra = asObject(spec.nonResourceAttributes) ?? {};
  return {
    user, verb: asString(nra.verb) ?? '', isResourceRequest: false, path: asString(nra.path) ?? '', apiGroup: '', apiVersion: '',
    resource: '', subresource: '', namespace: '', name: '',
  };
}

/** Answers one access review; `urlNamespace` is the namespace of a LocalSubjectAccessReview's path. */
export async function answerAccessReview(union: ModeUnion, kind: AccessReviewKind, body: JsonObject, caller: UserInfo, urlNamespace: string): Promise<JsonObject> {
  const metadata = { ...(asObject(body.metadata) ?? {}) };
  const spec = asObject(body.spec) ?? {};
  const errs = specErrors(spec, kind);
  if (kind === 'LocalSubjectAccessReview') {
    const ns = namespaceOf(body);
    if (ns === '') metadata.namespace = urlNamespace;
    else if (ns !== urlNamespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
    const ra = asObject(spec.resourceAttributes);
    const raNamespace = asString(ra?.namespace) ?? '';
    if (ra !== undefined && raNamespace !== urlNamespace) {
      errs.push(fieldError.invalid('spec.resourceAttributes.namespace', raNamespace, 'must match metadata.namespace'));
    }
    if (spec.nonResourceAttributes !== undefined && spec.nonResourceAttributes !== null) {
      errs.push(fieldError.invalid('spec.nonResourceAttributes', spec.nonResourceAttributes, 'disallowed on this kind of request'));
    }
  }
  if (errs.length > 0) throw invalid({ group: GROUPS.authorization, kind }, '', errs);
  const decision = await union.authorize(attributesOf(spec, subjectOf(spec, kind, caller)));
  const status: JsonObject = { allowed: decision.decision === 'allow' };
  if (decision.decision === 'deny') status.denied = true;
  if ((decision.reason ?? '') !== '') status.reason = decision.reason ?? '';
  if ((decision.error ?? '') !== '') status.evaluationError = decision.error ?? '';
  if (metadata.creationTimestamp === undefined) metadata.creationTimestamp = null;
  return { kind, apiVersion: `${GROUPS.authorization}/v1`, metadata, spec, status };
}
