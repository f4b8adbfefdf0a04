/**
 * Schemas of authentication v1 and v1beta1: TokenReviews, SelfSubjectReviews and TokenRequests.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { atomicList, kind, mapOf, message } from './build.js';
import { OBJECT_META, UID } from './meta.js';
import { BOOLEAN, INT64, STRING, TIME } from './scalars.js';

/** TokenReviewSpec (authentication/v1). */
export const TOKEN_REVIEW_SPEC: StructSchema = message('api.authentication.v1', 'TokenReviewSpec', 'A token to check.', {
  token: [1, STRING, 'The bearer token.'],
  audiences: [2, atomicList(STRING), 'Audiences the token must be valid for (any of them); the server\'s own when empty.'],
});

/** UserInfo (authentication/v1). */
export const USER_INFO: StructSchema = message('api.authentication.v1', 'UserInfo', 'An authenticated user.', {
  username: [1, STRING, 'The user name.'],
  uid: [2, STRING, 'A unique ID of the user across time.'],
  groups: [3, atomicList(STRING), 'The user\'s groups.'],
  extra: [4, mapOf(atomicList(STRING, undefined, 'v1.ExtraValue')), 'Extra attributes from the authenticator.'],
});

/** TokenReviewStatus (authentication/v1). */
export const TOKEN_REVIEW_STATUS: StructSchema = message('api.authentication.v1', 'TokenReviewStatus', 'The answer of a token review.', {
  authenticated: [1, BOOLEAN, 'The token is valid.'],
  user: [2, USER_INFO, 'The user the token authenticates.'],
  audiences: [4, atomicList(STRING), 'Audiences the token is valid for, among those asked.'],
  error: [3, STRING, 'Why the token could not be checked.'],
});

/** TokenReview (authentication/v1). */
export const TOKEN_REVIEW: StructSchema = kind('api.authentication.v1', 'TokenReview', [{ group: GROUPS.authentication, version: 'v1', kind: 'TokenReview' }], 'Checks a bearer token and says who it authenticates. Create-only.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, TOKEN_REVIEW_SPEC, 'The token.', 're'],
  status: [3, TOKEN_REVIEW_STATUS, 'The answer, set by the server.'],
});

/** SelfSubjectReviewStatus (authentication/v1). */
export const SELF_SUBJECT_REVIEW_STATUS: StructSchema = message('api.authentication.v1', 'SelfSubjectReviewStatus', 'The identity of the requester.', {
  userInfo: [1, USER_INFO, 'The user, after impersonation.'],
});

/** SelfSubjectReview (authentication/v1). */
export const SELF_SUBJECT_REVIEW: StructSchema = kind('api.authentication.v1', 'SelfSubjectReview', [{ group: GROUPS.authentication, version: 'v1', kind: 'SelfSubjectReview' }], 'Tells the requester who the server thinks they are. Create-only.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  status: [2, SELF_SUBJECT_REVIEW_STATUS, 'The requester\'s identity, set by the server.'],
});

/** BoundObjectReference (authentication/v1). */
export const BOUND_OBJECT_REFERENCE: StructSchema = message('api.authentication.v1', 'BoundObjectReference', 'The object a token is bound to.', {
  kind: [1, STRING, 'Pod, Secret or Node.'],
  apiVersion: [2, STRING, 'API version of the object.'],
  name: [3, STRING, 'Name of the object.'],
  uid: [4, UID, 'UID of the object.'],
});

/** TokenRequestSpec (authentication/v1). */
export const TOKEN_REQUEST_SPEC: StructSchema = message('api.authentication.v1', 'TokenRequestSpec', 'What a requested token is for.', {
  audiences: [1, atomicList(STRING), 'Audiences the token is for; the server\'s own when empty.', 're'],
  expirationSeconds: [4, INT64, 'Requested lifetime in seconds; the server may shorten it. 1 hour by default.', 'pe'],
  boundObjectRef: [3, BOUND_OBJECT_REFERENCE, 'An object the token is bound to: it stops working when that object is deleted.', 'pe'],
});

/** TokenRequestStatus (authentication/v1). */
export const TOKEN_REQUEST_STATUS: StructSchema = message('api.authentication.v1', 'TokenRequestStatus', 'An issued token.', {
  token: [1, STRING, 'The token.', 're'],
  expirationTimestamp: [2, TIME, 'When the token expires.', 're'],
});

/** TokenRequest (authentication/v1). */
export const TOKEN_REQUEST: StructSchema = kind('api.authentication.v1', 'TokenRequest', [{ group: GROUPS.authentication, version: 'v1', kind: 'TokenRequest' }], 'Requests a token for a service account; posted to serviceaccounts/token.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, TOKEN_REQUEST_SPEC, 'What the token is for.', 're'],
  status: [3, TOKEN_REQUEST_STATUS, 'The issued token, set by the server.'],
});

/** TokenReviewSpec (authentication/v1beta1). */
export const TOKEN_REVIEW_SPEC_V1BETA1: StructSchema = message('api.authentication.v1beta1', 'TokenReviewSpec', 'A token to check.', {
  token: [1, STRING, 'The bearer token.'],
  audiences: [2, atomicList(STRING), 'Audiences the token must be valid for (any of them); the server\'s own when empty.'],
});

/** UserInfo (authentication/v1beta1). */
export const USER_INFO_V1BETA1: StructSchema = message('api.authentication.v1beta1', 'UserInfo', 'An authenticated user.', {
  username: [1, STRING, 'The user name.'],
  uid: [2, STRING, 'A unique ID of the user across time.'],
  groups: [3, atomicList(STRING), 'The user\'s groups.'],
  extra: [4, mapOf(atomicList(STRING, undefined, 'v1beta1.ExtraValue')), 'Extra attributes from the authenticator.'],
});

/** TokenReviewStatus (authentication/v1beta1). */
export const TOKEN_REVIEW_STATUS_V1BETA1: StructSchema = message('api.authentication.v1beta1', 'TokenReviewStatus', 'The answer of a token review.', {
  authenticated: [1, BOOLEAN, 'The token is valid.'],
  user: [2, USER_INFO_V1BETA1, 'The user the token authenticates.'],
  audiences: [4, atomicList(STRING), 'Audiences the token is valid for, among those asked.'],
  error: [3, STRING, 'Why the token could not be checked.'],
});

/** TokenReview (authentication/v1beta1). */
export const TOKEN_REVIEW_V1BETA1: StructSchema = kind('api.authentication.v1beta1', 'TokenReview', [{ group: GROUPS.authentication, version: 'v1beta1', kind: 'TokenReview' }], 'Checks a bearer token and says who it authenticates. Create-only.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, TOKEN_REVIEW_SPEC_V1BETA1, 'The token.', 're'],
  status: [3, TOKEN_REVIEW_STATUS_V1BETA1, 'The answer, set by the server.'],
});

/** SelfSubjectReviewStatus (authentication/v1beta1). */
export const SELF_SUBJECT_REVIEW_STATUS_V1BETA1: StructSchema = message('api.authentication.v1beta1', 'SelfSubjectReviewStatus', 'The identity of the requester.', {
  userInfo: [1, USER_INFO, 'The user, after impersonation.'],
});

/** SelfSubjectReview (authentication/v1beta1). */
export const SELF_SUBJECT_REVIEW_V1BETA1: StructSchema = kind('api.authentication.v1beta1', 'SelfSubjectReview', [{ group: GROUPS.authentication, version: 'v1beta1', kind: 'SelfSubjectReview' }], 'Tells the requester who the server thinks they are. Create-only.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  status: [2, SELF_SUBJECT_REVIEW_STATUS_V1BETA1, 'The requester\'s identity, set by the server.'],
});
