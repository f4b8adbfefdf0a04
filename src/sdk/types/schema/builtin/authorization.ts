/**
 * Schemas of authorization/v1: the access reviews.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { atomicList, kind, mapOf, message } from './build.js';
import { FIELD_SELECTOR_REQUIREMENT, LABEL_SELECTOR_REQUIREMENT, OBJECT_META } from './meta.js';
import { BOOLEAN, STRING } from './scalars.js';

/** FieldSelectorAttributes (authorization/v1). */
export const FIELD_SELECTOR_ATTRIBUTES: StructSchema = message('api.authorization.v1', 'FieldSelectorAttributes', 'A field selector of an access review.', {
  rawSelector: [1, STRING, 'The selector as written in a query; set this or requirements.'],
  requirements: [2, atomicList(FIELD_SELECTOR_REQUIREMENT), 'The parsed selector; set this or rawSelector.'],
});

/** LabelSelectorAttributes (authorization/v1). */
export const LABEL_SELECTOR_ATTRIBUTES: StructSchema = message('api.authorization.v1', 'LabelSelectorAttributes', 'A label selector of an access review.', {
  rawSelector: [1, STRING, 'The selector as written in a query; set this or requirements.'],
  requirements: [2, atomicList(LABEL_SELECTOR_REQUIREMENT), 'The parsed selector; set this or rawSelector.'],
});

/** ResourceAttributes (authorization/v1). */
export const RESOURCE_ATTRIBUTES: StructSchema = message('api.authorization.v1', 'ResourceAttributes', 'An action on a resource.', {
  namespace: [1, STRING, 'Namespace of the action; empty for cluster-scoped resources and for all namespaces.'],
  verb: [2, STRING, 'The verb (get, list, create, update, delete, watch ...); `*` for all.'],
  group: [3, STRING, 'API group; `*` for all.'],
  version: [4, STRING, 'API version; `*` for all.'],
  resource: [5, STRING, 'The resource; `*` for all.'],
  subresource: [6, STRING, 'The sub-resource; `*` for all, empty for none.'],
  name: [7, STRING, 'Name of the object; empty for all.'],
  fieldSelector: [8, FIELD_SELECTOR_ATTRIBUTES, 'The field selector of a list or watch.', 'p'],
  labelSelector: [9, LABEL_SELECTOR_ATTRIBUTES, 'The label selector of a list or watch.', 'p'],
});

/** NonResourceAttributes (authorization/v1). */
export const NON_RESOURCE_ATTRIBUTES: StructSchema = message('api.authorization.v1', 'NonResourceAttributes', 'An action on a non-resource URL.', {
  path: [1, STRING, 'The URL path.'],
  verb: [2, STRING, 'The HTTP verb, lowercase (get, post ...).'],
});

/** SelfSubjectAccessReviewSpec (authorization/v1). */
export const SELF_SUBJECT_ACCESS_REVIEW_SPEC: StructSchema = message('api.authorization.v1', 'SelfSubjectAccessReviewSpec', 'The action to check; exactly one of the attributes is set.', {
  resourceAttributes: [1, RESOURCE_ATTRIBUTES, 'An action on a resource.', 'p'],
  nonResourceAttributes: [2, NON_RESOURCE_ATTRIBUTES, 'An action on a non-resource URL.', 'p'],
});

/** SubjectAccessReviewStatus (authorization/v1). */
export const SUBJECT_ACCESS_REVIEW_STATUS: StructSchema = message('api.authorization.v1', 'SubjectAccessReviewStatus', 'The answer of an access review.', {
  allowed: [1, BOOLEAN, 'The action is allowed.', 're'],
  denied: [4, BOOLEAN, 'The action is explicitly denied (no further authorizer was asked).'],
  reason: [2, STRING, 'Why it is allowed or not, if the authorizer says.'],
  evaluationError: [3, STRING, 'A problem while evaluating; the answer may still be right.'],
});

/** SelfSubjectAccessReview (authorization/v1). */
export const SELF_SUBJECT_ACCESS_REVIEW: StructSchema = kind('api.authorization.v1', 'SelfSubjectAccessReview', [{ group: GROUPS.authorization, version: 'v1', kind: 'SelfSubjectAccessReview' }], 'Asks whether the requester may perform an action. Create-only; the answer is in status.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, SELF_SUBJECT_ACCESS_REVIEW_SPEC, 'The action.', 're'],
  status: [3, SUBJECT_ACCESS_REVIEW_STATUS, 'The answer, set by the server.'],
});

/** SubjectAccessReviewSpec (authorization/v1). */
export const SUBJECT_ACCESS_REVIEW_SPEC: StructSchema = message('api.authorization.v1', 'SubjectAccessReviewSpec', 'A user and an action to check.', {
  resourceAttributes: [1, RESOURCE_ATTRIBUTES, 'An action on a resource.', 'p'],
  nonResourceAttributes: [2, NON_RESOURCE_ATTRIBUTES, 'An action on a non-resource URL.', 'p'],
  user: [3, STRING, 'The user name; set this or groups.'],
  groups: [4, atomicList(STRING), 'The user\'s groups.'],
  extra: [5, mapOf(atomicList(STRING, undefined, 'v1.ExtraValue')), 'Extra attributes of the user, as the authenticator gave them.'],
  uid: [6, STRING, 'UID of the user.'],
});

/** SubjectAccessReview (authorization/v1). */
export const SUBJECT_ACCESS_REVIEW: StructSchema = kind('api.authorization.v1', 'SubjectAccessReview', [{ group: GROUPS.authorization, version: 'v1', kind: 'SubjectAccessReview' }], 'Asks whether a given user may perform an action. Create-only; the answer is in status.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, SUBJECT_ACCESS_REVIEW_SPEC, 'The user and the action.', 're'],
  status: [3, SUBJECT_ACCESS_REVIEW_STATUS, 'The answer, set by the server.'],
});

/** LocalSubjectAccessReview (authorization/v1). */
export const LOCAL_SUBJECT_ACCESS_REVIEW: StructSchema = kind('api.authorization.v1', 'LocalSubjectAccessReview', [{ group: GROUPS.authorization, version: 'v1', kind: 'LocalSubjectAccessReview' }], 'Like SubjectAccessReview, limited to the namespace it is created in.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, SUBJECT_ACCESS_REVIEW_SPEC, 'The user and the action; the namespace must be the review\'s.', 're'],
  status: [3, SUBJECT_ACCESS_REVIEW_STATUS, 'The answer, set by the server.'],
});

/** SelfSubjectRulesReviewSpec (authorization/v1). */
export const SELF_SUBJECT_RULES_REVIEW_SPEC: StructSchema = message('api.authorization.v1', 'SelfSubjectRulesReviewSpec', 'The namespace to list rules in.', {
  namespace: [1, STRING, 'The namespace.'],
});

/** ResourceRule (authorization/v1). */
export const RESOURCE_RULE: StructSchema = message('api.authorization.v1', 'ResourceRule', 'Allowed verbs on resources.', {
  verbs: [1, atomicList(STRING), 'The verbs; `*` for all.', 're'],
  apiGroups: [2, atomicList(STRING), 'API groups; `*` for all.'],
  resources: [3, atomicList(STRING), 'Resources; `*` for all.'],
  resourceNames: [4, atomicList(STRING), 'Object names the rule is limited to; all when empty.'],
});

/** NonResourceRule (authorization/v1). */
export const NON_RESOURCE_RULE: StructSchema = message('api.authorization.v1', 'NonResourceRule', 'Allowed verbs on non-resource URLs.', {
  verbs: [1, atomicList(STRING), 'The verbs; `*` for all.', 're'],
  nonResourceURLs: [2, atomicList(STRING), 'URL paths, ending in `*` for a prefix.'],
});

/** SubjectRulesReviewStatus (authorization/v1). */
export const SUBJECT_RULES_REVIEW_STATUS: StructSchema = message('api.authorization.v1', 'SubjectRulesReviewStatus', 'What a user may do in a namespace. The list may be incomplete; never use it for authorization decisions.', {
  resourceRules: [1, atomicList(RESOURCE_RULE), 'Allowed actions on resources.', 're'],
  nonResourceRules: [2, atomicList(NON_RESOURCE_RULE), 'Allowed actions on non-resource URLs.', 're'],
  incomplete: [3, BOOLEAN, 'Some authorizer cannot list rules, so the list is incomplete.', 're'],
  evaluationError: [4, STRING, 'A problem while listing; the list may be incomplete.'],
});

/** SelfSubjectRulesReview (authorization/v1). */
export const SELF_SUBJECT_RULES_REVIEW: StructSchema = kind('api.authorization.v1', 'SelfSubjectRulesReview', [{ group: GROUPS.authorization, version: 'v1', kind: 'SelfSubjectRulesReview' }], 'Lists what the requester may do in a namespace. Create-only; the answer is in status.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, SELF_SUBJECT_RULES_REVIEW_SPEC, 'The namespace.', 're'],
  status: [3, SUBJECT_RULES_REVIEW_STATUS, 'The rules, set by the server.'],
});
