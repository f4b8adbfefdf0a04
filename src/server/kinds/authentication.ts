/**
 * Kinds of `authentication.platform.io`: TokenReview (v1, v1beta1) and SelfSubjectReview (v1,
 * v1beta1; its alpha version is off by default on a cluster) are create-only and never stored (their endpoints answer them); the
 * `serviceaccounts/<name>/token` sub-resource answers a TokenRequest.
 */
import { GROUPS } from '../../sdk/naming.js';
import type { ResourceDef, SubresourceDef } from '../registry/types.js';
import { defineKind } from './define.js';

const reviewFacts = { group: GROUPS.authentication, namespaced: false, verbs: ['create'] } as const;

/** TokenReview in both served versions (v1 preferred). */
export const tokenReviewDefs: ResourceDef[] = ['v1', 'v1beta1'].map((version) =>
  defineKind({ ...reviewFacts, verbs: ['create'], version, kind: 'TokenReview', plural: 'tokenreviews' }));

/** SelfSubjectReview in its served versions (v1 preferred). */
export const selfSubjectReviewDefs: ResourceDef[] = ['v1', 'v1beta1'].map((version) =>
  defineKind({ ...reviewFacts, verbs: ['create'], version, kind: 'SelfSubjectReview', plural: 'selfsubjectreviews' }));

/** The `token` sub-resource of service accounts (TokenRequest, authentication.platform.io/v1). */
export const TOKEN_SUBRESOURCE: SubresourceDef = {
  name: 'token', responseKind: { group: GROUPS.authentication, version: 'v1', kind: 'TokenRequest' }, verbs: ['create'],
};

/** The service-account def with its `token` sub-resource. */
export function withTokenRequest(def: ResourceDef): ResourceDef {
  if (def.subresources.some((s) => s.name === 'token')) return def;
  return { ...def, subresources: [...def.subresources, TOKEN_SUBRESOURCE] };
}

/** The authentication kinds, in discovery order. */
export const authenticationDefs: ResourceDef[] = [...selfSubjectReviewDefs, ...tokenReviewDefs];
