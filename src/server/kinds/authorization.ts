/**
 * The access reviews of `authorization.platform.io/v1`: SelfSubjectAccessReview,
 * SubjectAccessReview, LocalSubjectAccessReview (namespaced) and SelfSubjectRulesReview. They are
 * create-only and never stored; the authorization module answers them (auth/authz/reviews).
 */
import { GROUPS } from '../../sdk/naming.js';
import { defineKind } from './define.js';

const CREATE_ONLY = ['create'];

export const selfSubjectAccessReviewDef = defineKind({
  group: GROUPS.authorization, version: 'v1', kind: 'SelfSubjectAccessReview', plural: 'selfsubjectaccessreviews', namespaced: false, verbs: CREATE_ONLY,
});

export const subjectAccessReviewDef = defineKind({
  group: GROUPS.authorization, version: 'v1', kind: 'SubjectAccessReview', plural: 'subjectaccessreviews', namespaced: false, verbs: CREATE_ONLY,
});

export const localSubjectAccessReviewDef = defineKind({
  group: GROUPS.authorization, version: 'v1', kind: 'LocalSubjectAccessReview', plural: 'localsubjectaccessreviews', namespaced: true, verbs: CREATE_ONLY,
});

export const selfSubjectRulesReviewDef = defineKind({
  group: GROUPS.authorization, version: 'v1', kind: 'SelfSubjectRulesReview', plural: 'selfsubjectrulesreviews', namespaced: false, verbs: CREATE_ONLY,
});

/** The access-review kinds, in discovery order. */
export const authorizationDefs = [localSubjectAccessReviewDef, selfSubjectAccessReviewDef, selfSubjectRulesReviewDef, subjectAccessReviewDef];
