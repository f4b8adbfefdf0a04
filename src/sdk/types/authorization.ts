/**
 * Kinds of `authorization.platform.io/v1`: the access reviews.
 */
export type { LocalSubjectAccessReview, NonResourceAttributes, NonResourceRule, ResourceAttributes, ResourceRule, SelfSubjectAccessReview, SelfSubjectRulesReview, SubjectAccessReview, SubjectAccessReviewSpec, SubjectAccessReviewStatus } from './generated/authorization-v1.js';
