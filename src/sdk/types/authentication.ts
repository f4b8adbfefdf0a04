/**
 * Kinds of `authentication.platform.io` (`v1`, `v1beta1`): TokenReview, SelfSubjectReview and
 * TokenRequest (the service-account `token` sub-resource).
 */
import type { TokenRequest as GeneratedTokenRequest, TokenRequestSpec } from './generated/authentication-v1.js';
export type { SelfSubjectReview, TokenReview, UserInfo } from './generated/authentication-v1.js';

/**
 * A request for a service-account token (`serviceaccounts/<name>/token`). The generated type
 * except that `spec.audiences` may be left out: the API marks it required, yet a server takes an
 * absent list as its own audiences, and `create token` without `--audience` sends none. The
 * agreement test checks that every generated `TokenRequest` is one of these.
 */
export interface TokenRequest extends Omit<GeneratedTokenRequest, 'spec'> {
  /** What the token is for: audiences (the server's own when absent), lifetime and bound object. */
  spec: Omit<TokenRequestSpec, 'audiences'> & { audiences?: string[] };
}
