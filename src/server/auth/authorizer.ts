/**
 * The authorization stage. An {@link Authorizer} decides on the request attributes of the spec
 * (user, verb, resource, sub-resource, namespace, name, API group, or path and lowercase method for
 * non-resource requests). Modes are asked in order and the first allow or deny wins; with no
 * decision the request is denied. The modes are RBAC, ABAC, Webhook, Node and AlwaysAllow.
 */
import type { UserInfo } from '../request/user.js';

/** What authorization decides on. */
export interface AuthorizationAttributes {
  user: UserInfo;
  verb: string;
  isResourceRequest: boolean;
  path: string;
  apiGroup: string;
  apiVersion: string;
  resource: string;
  subresource: string;
  namespace: string;
  name: string;
}

/** The decision of one authorizer. */
export type AuthorizationDecision = { decision: 'allow' } | { decision: 'deny'; reason: string } | { decision: 'no-opinion'; reason?: string };

/** One authorization mode. */
export interface Authorizer {
  authorize(attrs: AuthorizationAttributes): Promise<AuthorizationDecision> | AuthorizationDecision;
}

/** The 403 text of a denied request, as the API server words it. */
export function forbiddenMessage(attrs: AuthorizationAttributes, reason: string): string {
  const who = `User "${attrs.user.username}"`;
  const suffix = reason === '' ? '' : `: ${reason}`;
  if (!attrs.isResourceRequest) return `forbidden: ${who} cannot ${attrs.verb} path "${attrs.path}"${suffix}`;
  const resource = attrs.subresource === '' ? attrs.resource : `${attrs.resource}/${attrs.subresource}`;
  const named = attrs.name === '' ? '' : ` "${attrs.name}"`;
  const scope = attrs.namespace === '' ? 'at the cluster scope' : `in the namespace "${attrs.namespace}"`;
  const group = `in API group "${attrs.apiGroup}"`;
  // The subject is the group-qualified resource (`deployments.apps`), as apierrors.NewForbidden prints it.
  const qualified = attrs.apiGroup === '' ? attrs.resource : `${attrs.resource}.${attrs.apiGroup}`;
  return `${qualified}${named} is forbidden: ${who} cannot ${attrs.verb} resource "${resource}" ${group} ${scope}${suffix}`;
}
