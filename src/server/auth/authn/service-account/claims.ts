/**
 * The claims of service-account tokens, as the API server writes them with `platform.io` names:
 * bound tokens (TokenRequest) carry a private `platform.io` claim; legacy secret-based tokens the
 * flat `platform.io/serviceaccount/...` claims and the issuer `platform/serviceaccount`.
 */
import { DOMAIN, GROUPS } from '../../../../sdk/naming.js';

/** Issuer of legacy secret-based tokens. */
export const LEGACY_ISSUER = 'platform/serviceaccount';
/** Default issuer of bound tokens (`--service-account-issuer` on a cluster). */
export const DEFAULT_ISSUER = `https://platform.default.svc.cluster.local`;

/** Flat claim names of legacy tokens. */
export const LEGACY_CLAIMS = {
  namespace: `${DOMAIN}/serviceaccount/namespace`,
  secretName: `${DOMAIN}/serviceaccount/secret.name`,
  serviceAccountName: `${DOMAIN}/serviceaccount/service-account.name`,
  serviceAccountUid: `${DOMAIN}/serviceaccount/service-account.uid`,
} as const;

/** The private claim of bound tokens. */
export const PRIVATE_CLAIM = DOMAIN;

/** User extra keys of service-account users. */
export const EXTRA_KEYS = {
  podName: `${GROUPS.authentication}/pod-name`,
  podUid: `${GROUPS.authentication}/pod-uid`,
  nodeName: `${GROUPS.authentication}/node-name`,
  nodeUid: `${GROUPS.authentication}/node-uid`,
  credentialId: `${GROUPS.authentication}/credential-id`,
} as const;

/** `system:serviceaccount:<ns>:<name>`. */
export function serviceAccountUsername(namespace: string, name: string): string {
  return `system:serviceaccount:${namespace}:${name}`;
}

/** The groups of a service account. */
export function serviceAccountGroups(namespace: string): string[] {
  return ['system:serviceaccounts', `system:serviceaccounts:${namespace}`];
}

/** Namespace and name of a service-account user name, if it is one. */
export function splitServiceAccountUsername(username: string): { namespace: string; name: string } | undefined {
  const prefix = 'system:serviceaccount:';
  if (!username.startsWith(prefix)) return undefined;
  const parts = username.slice(prefix.length).split(':');
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '') return undefined;
  return { namespace: parts[0] ?? '', name: parts[1] ?? '' };
}

/** An object a bound token is tied to. */
export interface BoundRef {
  kind: 'Pod' | 'Secret' | 'Node';
  name: string;
  uid: string;
}

/** What a bound token is issued for. */
export interface BoundTokenRequest {
  issuer: string;
  audiences: string[];
  namespace: string;
  serviceAccount: { name: string; uid: string };
  bound?: BoundRef;
  /** Seconds since the epoch. */
  issuedAt: number;
  expirationSeconds: number;
  jti: string;
}

/** The claims of a bound token. */
export function boundClaims(r: BoundTokenRequest): Record<string, unknown> {
  const priv: Record<string, unknown> = { namespace: r.namespace, serviceaccount: { name: r.serviceAccount.name, uid: r.serviceAccount.uid } };
  if (r.bound !== undefined) priv[r.bound.kind.toLowerCase()] = { name: r.bound.name, uid: r.bound.uid };
  return {
    aud: r.audiences,
    exp: r.issuedAt + r.expirationSeconds,
    iat: r.issuedAt,
    iss: r.issuer,
    jti: r.jti,
    [PRIVATE_CLAIM]: priv,
    nbf: r.issuedAt,
    sub: serviceAccountUsername(r.namespace, r.serviceAccount.name),
  };
}

/** The claims of a legacy secret-based token. */
export function legacyClaims(namespace: string, secretName: string, serviceAccount: { name: string; uid: string }): Record<string, unknown> {
  return {
    iss: LEGACY_ISSUER,
    [LEGACY_CLAIMS.namespace]: namespace,
    [LEGACY_CLAIMS.secretName]: secretName,
    [LEGACY_CLAIMS.serviceAccountName]: serviceAccount.name,
    [LEGACY_CLAIMS.serviceAccountUid]: serviceAccount.uid,
    sub: serviceAccountUsername(namespace, serviceAccount.name),
  };
}
