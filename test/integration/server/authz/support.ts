/**
 * Helpers of the authorization tests: bearer tokens mapped to users (a test authenticator), an
 * HTTPS client per user, and small builders of RBAC objects.
 */
import type { IncomingMessage } from 'node:http';
import type { AuthenticationResult, Authenticator, UserInfo } from '../../../../src/server/index.js';
import { ApiClient } from '../../../support/api.js';
import type { TestServer } from '../../../support/server.js';

/** An authenticator for `Bearer <token>` of known test users. */
export function tokenUsers(users: Record<string, UserInfo>): Authenticator {
  return {
    authenticate(req: IncomingMessage): AuthenticationResult {
      const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
      const user = m === null ? undefined : users[m[1] ?? ''];
      return user === undefined ? { kind: 'none' } : { kind: 'user', user };
    },
  };
}

/** A user in `system:authenticated` plus `groups`. */
export function user(username: string, ...groups: string[]): UserInfo {
  return { username, groups: [...groups, 'system:authenticated'] };
}

/** A client sending `token`. */
export function clientFor(server: TestServer, token: string | null): ApiClient {
  return new ApiClient(server, token);
}

export const RBAC = 'rbac.authorization.platform.io';
export const RBAC_V1 = `/apis/${RBAC}/v1`;

/** A policy rule. */
export function rule(apiGroups: string[], resources: string[], verbs: string[], resourceNames?: string[]): Record<string, string[]> {
  return { apiGroups, resources, verbs, ...(resourceNames === undefined ? {} : { resourceNames }) };
}

/** A Role (with `namespace`) or ClusterRole. */
export function role(name: string, rules: Record<string, string[]>[], namespace?: string, labels?: Record<string, string>): Record<string, unknown> {
  return {
    apiVersion: `${RBAC}/v1`, kind: namespace === undefined ? 'ClusterRole' : 'Role',
    metadata: { name, ...(namespace === undefined ? {} : { namespace }), ...(labels === undefined ? {} : { labels }) }, rules,
  };
}

/** A subject: `User:alice`, `Group:devs`, `ServiceAccount:ns:name`. */
function subject(s: string): Record<string, string> {
  const [kind = '', a = '', b] = s.split(':');
  if (kind === 'ServiceAccount') return { kind, namespace: a, name: b ?? '' };
  return { kind, apiGroup: RBAC, name: s.slice(kind.length + 1) };
}

/** A RoleBinding (with `namespace`) or ClusterRoleBinding of `roleKind/roleName` to subjects. */
export function binding(name: string, roleRef: string, subjects: string[], namespace?: string): Record<string, unknown> {
  const [kind = '', roleName = ''] = roleRef.split('/');
  return {
    apiVersion: `${RBAC}/v1`, kind: namespace === undefined ? 'ClusterRoleBinding' : 'RoleBinding',
    metadata: { name, ...(namespace === undefined ? {} : { namespace }) },
    roleRef: { apiGroup: RBAC, kind, name: roleName }, subjects: subjects.map(subject),
  };
}

/** Creates objects as the admin, failing loudly. */
export async function createAll(admin: ApiClient, objects: Record<string, unknown>[]): Promise<void> {
  for (const o of objects) {
    const meta = o.metadata as { namespace?: string };
    const plural = `${String(o.kind).toLowerCase()}s`;
    const path = meta.namespace === undefined ? `${RBAC_V1}/${plural}` : `${RBAC_V1}/namespaces/${meta.namespace}/${plural}`;
    const r = await admin.post(path, o);
    if (r.status !== 201) throw new Error(`creating ${plural}: ${r.status} ${r.text}`);
  }
}
