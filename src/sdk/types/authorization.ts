/**
 * Kinds of `authorization.platform.io/v1`: the access reviews.
 */
import type { ObjectBase } from './meta.js';

/** The request attributes of a resource request. */
export interface ResourceAttributes {
  namespace?: string;
  verb?: string;
  group?: string;
  version?: string;
  resource?: string;
  subresource?: string;
  name?: string;
}

/** The request attributes of a non-resource request. */
export interface NonResourceAttributes {
  path?: string;
  verb?: string;
}

/** The answer of an access review. */
export interface SubjectAccessReviewStatus {
  allowed: boolean;
  denied?: boolean;
  reason?: string;
  evaluationError?: string;
}

/** The spec of a SubjectAccessReview or LocalSubjectAccessReview: whom to check, and what. */
export interface SubjectAccessReviewSpec {
  resourceAttributes?: ResourceAttributes;
  nonResourceAttributes?: NonResourceAttributes;
  user?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
  uid?: string;
}

/** Can the caller do this? (`auth can-i`). */
export interface SelfSubjectAccessReview extends ObjectBase {
  kind?: 'SelfSubjectAccessReview';
  spec: { resourceAttributes?: ResourceAttributes; nonResourceAttributes?: NonResourceAttributes };
  status?: SubjectAccessReviewStatus;
}

/** Can a given user do this? */
export interface SubjectAccessReview extends ObjectBase {
  kind?: 'SubjectAccessReview';
  spec: SubjectAccessReviewSpec;
  status?: SubjectAccessReviewStatus;
}

/** Like {@link SubjectAccessReview}, limited to one namespace. */
export interface LocalSubjectAccessReview extends ObjectBase {
  kind?: 'LocalSubjectAccessReview';
  spec: SubjectAccessReviewSpec;
  status?: SubjectAccessReviewStatus;
}

/** A resource rule in a rules review. */
export interface ResourceRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
}

/** A non-resource rule in a rules review. */
export interface NonResourceRule {
  verbs: string[];
  nonResourceURLs?: string[];
}

/** What can the caller do in a namespace? (`auth can-i --list`). */
export interface SelfSubjectRulesReview extends ObjectBase {
  kind?: 'SelfSubjectRulesReview';
  spec: { namespace?: string };
  status?: {
    resourceRules: ResourceRule[];
    nonResourceRules: NonResourceRule[];
    incomplete: boolean;
    evaluationError?: string;
  };
}
