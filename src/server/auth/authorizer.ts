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

/** AlwaysAllow. */
export class AlwaysAllowAuthorizer implements Authorizer {
  authorize(): AuthorizationDecision {
    return { decision: 'allow' };
  }
}

/** AlwaysDeny. */
export class AlwaysDenyAuthorizer implements Authorizer {
  authorize(): AuthorizationDecision {
    return { decision: 'deny', reason: '' };
  }
}

/** Asks each mode in order; the first allow or deny is final; no decision is a denial. */
export class UnionAuthorizer implements Authorizer {
  constructor(private readonly modes: Authorizer[]) {}

  async authorize(attrs: AuthorizationAttributes): Promise<AuthorizationDecision> {
    const reasons: string[] = [];
    for (const m of this.modes) {
      const d = await m.authorize(attrs);
      if (d.decision !== 'no-opinion') return d;
      if (d.reason !== undefined && d.reason !== '') reasons.push(d.reason);
    }
    return { decision: 'deny', reason: reasons.join(', ') };
  }
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
