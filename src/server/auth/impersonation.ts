/**
 * Impersonation (`Impersonate-User`, `Impersonate-Group`, `Impersonate-Uid`,
 * `Impersonate-Extra-<key>`): the caller must be allowed to `impersonate` each requested value
 * (users, groups and serviceaccounts in the core group; `userextras/<key>` and `uids` in
 * authentication.platform.io, by name), then the request runs as the impersonated user, as the
 * API server's impersonation filter does.
 */
import type { IncomingMessage } from 'node:http';
import { GROUPS } from '../../sdk/naming.js';
import { ApiError, badRequest } from '../errors.js';
import { forbiddenMessage, type AuthorizationAttributes, type Authorizer } from './authorizer.js';
import { unescapeExtraKey, type UserInfo } from '../request/user.js';
import { ANONYMOUS_USER, AUTHENTICATED_GROUP, UNAUTHENTICATED_GROUP } from './authn/token.js';
import { serviceAccountGroups, serviceAccountUsername, splitServiceAccountUsername } from './authn/service-account/claims.js';

/** Header names (lowercase, as Node gives them). */
export const IMPERSONATE_HEADERS = {
  user: 'impersonate-user',
  group: 'impersonate-group',
  uid: 'impersonate-uid',
  extraPrefix: 'impersonate-extra-',
} as const;

/** One thing the caller asks to act as. */
interface ImpersonationRequest {
  kind: 'User' | 'ServiceAccount' | 'Group' | 'UserExtra' | 'UID';
  name: string;
  namespace?: string;
  extraKey?: string;
}

function describe(requests: ImpersonationRequest[]): string {
  return `[${requests.map((r) => `{${r.kind} ${r.namespace ?? ''} ${r.name}${r.extraKey !== undefined ? ` ${r.extraKey}` : ''}}`).join(' ')}]`;
}

/** A cheap look at the raw header names, so that ordinary requests skip the rest. */
function hasImpersonationHeaders(req: IncomingMessage): boolean {
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] ?? '';
    if (name.length > 12 && (name.charCodeAt(0) | 0x20) === 0x69 && name.slice(0, 12).toLowerCase() === 'impersonate-') return true;
  }
  return false;
}

/** The impersonation requests of the headers; throws 400 for groups, extra or uid without a user. */
function impersonationRequests(req: IncomingMessage): ImpersonationRequest[] {
  const h = req.headersDistinct;
  const out: ImpersonationRequest[] = [];
  const user = h[IMPERSONATE_HEADERS.user]?.[0] ?? '';
  if (user !== '') {
    const sa = splitServiceAccountUsername(user);
    out.push(sa === undefined ? { kind: 'User', name: user } : { kind: 'ServiceAccount', name: sa.name, namespace: sa.namespace });
  }
  const groups = h[IMPERSONATE_HEADERS.group] ?? [];
  for (const g of groups) out.push({ kind: 'Group', name: g });
  let hasExtra = false;
  for (const [name, values] of Object.entries(h)) {
    if (!name.startsWith(IMPERSONATE_HEADERS.extraPrefix) || values === undefined) continue;
    hasExtra = true;
    const key = unescapeExtraKey(name.slice(IMPERSONATE_HEADERS.extraPrefix.length).toLowerCase());
    for (const v of values) out.push({ kind: 'UserExtra', name: v, extraKey: key });
  }
  const uid = h[IMPERSONATE_HEADERS.uid]?.[0] ?? '';
  if (uid !== '') out.push({ kind: 'UID', name: uid });
  if ((groups.length > 0 || hasExtra || uid !== '') && user === '') {
    req.resume();
    throw badRequest(`requested ${describe(out)} without impersonating a user`);
  }
  return out;
}

function attributesOf(caller: UserInfo, r: ImpersonationRequest): AuthorizationAttributes {
  const base = { user: caller, verb: 'impersonate', isResourceRequest: true, path: '', apiVersion: '', subresource: '', namespace: '', name: r.name };
  switch (r.kind) {
    case 'User': return { ...base, apiGroup: '', apiVersion: 'v1', resource: 'users' };
    case 'Group': return { ...base, apiGroup: '', apiVersion: 'v1', resource: 'groups' };
    case 'ServiceAccount': return { ...base, apiGroup: '', apiVersion: 'v1', resource: 'serviceaccounts', namespace: r.namespace ?? '' };
    case 'UserExtra': return { ...base, apiGroup: GROUPS.authentication, apiVersion: 'v1', resource: 'userextras', subresource: r.extraKey ?? '' };
    case 'UID': return { ...base, apiGroup: GROUPS.authentication, apiVersion: 'v1', resource: 'uids' };
  }
}

function forbiddenImpersonation(attrs: AuthorizationAttributes, reason: string): ApiError {
  const details = { name: attrs.name, ...(attrs.apiGroup !== '' ? { group: attrs.apiGroup } : {}), kind: attrs.resource };
  return new ApiError(403, 'Forbidden', forbiddenMessage(attrs, reason), details);
}

/**
 * The user a request runs as: the caller, or whom it impersonates once every requested value is
 * authorized. Throws 400 for malformed headers and 403 for a denied value.
 */
export async function impersonate(req: IncomingMessage, caller: UserInfo, authorizer: Authorizer): Promise<UserInfo> {
  if (!hasImpersonationHeaders(req)) return caller;
  const requests = impersonationRequests(req);
  if (requests.length === 0) return caller;
  const groupsSpecified = (req.headersDistinct[IMPERSONATE_HEADERS.group] ?? []).length > 0;
  let username = '';
  let uid = '';
  let groups: string[] = [];
  // A Map, not an object: extra keys come from headers, and `__proto__` or `constructor` are keys like any other.
  const extra = new Map<string, string[]>();
  for (const r of requests) {
    const attrs = attributesOf(caller, r);
    switch (r.kind) {
      case 'ServiceAccount':
        username = serviceAccountUsername(r.namespace ?? '', r.name);
        if (!groupsSpecified) groups = serviceAccountGroups(r.namespace ?? '');
        break;
      case 'User':
        username = r.name;
        break;
      case 'Group':
        groups.push(r.name);
        break;
      case 'UserExtra':
        extra.set(r.extraKey ?? '', [...(extra.get(r.extraKey ?? '') ?? []), r.name]);
        break;
      case 'UID':
        uid = r.name;
        break;
    }
    const d = await authorizer.authorize(attrs);
    if (d.decision !== 'allow') {
      req.resume();
      throw forbiddenImpersonation(attrs, d.reason ?? '');
    }
  }
  if (username !== ANONYMOUS_USER) {
    if (!groups.includes(AUTHENTICATED_GROUP) && !groups.includes(UNAUTHENTICATED_GROUP)) groups.push(AUTHENTICATED_GROUP);
  } else if (!groups.includes(UNAUTHENTICATED_GROUP)) {
    groups.push(UNAUTHENTICATED_GROUP);
  }
  const user: UserInfo = { username, groups };
  if (uid !== '') user.uid = uid;
  if (extra.size > 0) user.extra = Object.fromEntries(extra);
  return user;
}
