/**
 * A minimal `Node` mode: a node identity (`system:node:<name>` in `system:nodes`) may read and
 * write its own Node object and status, and its own Lease in the node-lease namespace. Everything
 * else is left to the later modes, as kube-apiserver's node authorizer does for what it does not
 * know about.
 */
import { GROUPS, NAMESPACES } from '../../../sdk/naming.js';
import type { AuthorizationAttributes } from '../authorizer.js';
import type { UserInfo } from '../../request/user.js';
import type { AuthorizationMode, ModeDecision, RuleSet } from './types.js';
import { unknownRules } from './types.js';

/** The group of node identities. */
export const NODES_GROUP = 'system:nodes';
const NODE_PREFIX = 'system:node:';

/** The node name of a node identity, or undefined. */
export function nodeNameOf(user: UserInfo): string | undefined {
  if (!user.groups.includes(NODES_GROUP) || !user.username.startsWith(NODE_PREFIX)) return undefined;
  const name = user.username.slice(NODE_PREFIX.length);
  return name === '' ? undefined : name;
}

const OWN_OBJECT_VERBS = new Set(['get', 'watch', 'update', 'patch', 'delete']);

/** `Node`. */
export class NodeMode implements AuthorizationMode {

  authorize(attrs: AuthorizationAttributes): ModeDecision {
    const node = nodeNameOf(attrs.user);
    if (node === undefined || !attrs.isResourceRequest) return { decision: 'no-opinion' };
    if (attrs.apiGroup === GROUPS.core && attrs.resource === 'nodes') {
      if (attrs.verb === 'create' && attrs.subresource === '') return { decision: 'allow' };
      if ((attrs.subresource === '' || attrs.subresource === 'status') && attrs.name === node && OWN_OBJECT_VERBS.has(attrs.verb)) return { decision: 'allow' };
      return { decision: 'no-opinion' };
    }
    if (attrs.apiGroup === GROUPS.coordination && attrs.resource === 'leases' && attrs.namespace === NAMESPACES.nodeLease && attrs.subresource === '') {
      if (attrs.verb === 'create') return { decision: 'allow' };
      if (attrs.name === node && OWN_OBJECT_VERBS.has(attrs.verb)) return { decision: 'allow' };
    }
    return { decision: 'no-opinion' };
  }

  rulesFor(user: UserInfo): RuleSet {
    // Only node identities hold permissions this mode cannot enumerate.
    if (nodeNameOf(user) === undefined) return { resourceRules: [], nonResourceRules: [], incomplete: false, errors: [] };
    return unknownRules('node authorizer does not support user rule resolution');
  }
}
