/**
 * Kinds of `authentication.platform.io` (`v1`, `v1beta1`): TokenReview, SelfSubjectReview and
 * TokenRequest (the service-account `token` sub-resource).
 */
import type { ObjectBase } from './meta.js';

/** The identity the server assigned to a request. */
export interface UserInfo {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

/** Asks the server to authenticate a token. */
export interface TokenReview extends ObjectBase {
  kind?: 'TokenReview';
  spec: { token?: string; audiences?: string[] };
  status?: { authenticated?: boolean; user?: UserInfo; audiences?: string[]; error?: string };
}

/** Asks the server who the caller is (`auth whoami`). */
export interface SelfSubjectReview extends ObjectBase {
  kind?: 'SelfSubjectReview';
  status?: { userInfo?: UserInfo };
}

/** A request for a service-account token (`serviceaccounts/<name>/token`). */
export interface TokenRequest extends ObjectBase {
  kind?: 'TokenRequest';
  spec: {
    audiences?: string[];
    expirationSeconds?: number;
    boundObjectRef?: { kind?: string; apiVersion?: string; name?: string; uid?: string };
  };
  status?: { token: string; expirationTimestamp: string };
}
