/**
 * The identity a request runs as, once authentication has decided it.
 */

/** User information as authenticators produce it and admission and authorization consume it. */
export interface UserInfo {
  username: string;
  uid?: string;
  groups: string[];
  extra?: Record<string, string[]>;
}

/** An `extra` key as a header name carries it: percent-encoded; a malformed escape stays as sent. */
export function unescapeExtraKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

/** The identity internal controllers use for their writes. */
export function systemUser(controller: string): UserInfo {
  return { username: `system:serviceaccount:platform-system:${controller}`, groups: ['system:serviceaccounts', 'system:serviceaccounts:platform-system', 'system:authenticated'] };
}

/** The superuser group of the spec's RBAC defaults. */
export const MASTERS_GROUP = 'system:masters';
