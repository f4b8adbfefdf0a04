/**
 * Escalation prevention on RBAC writes, as kube-apiserver's RBAC storage does it: a user may
 * create or change a Role/ClusterRole only with rules they already hold (or the `escalate` verb on
 * it), and a RoleBinding/ClusterRoleBinding only to a role whose rules they hold (or the `bind`
 * verb on that role). Members of `system:masters` are exempt. Setting an aggregationRule needs
 * full authority.
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import { GROUPS } from '../../../../sdk/naming.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../../../admission/types.js';
import { forbidden } from '../../../errors.js';
import { nameOf } from '../../../util/json.js';
import { jsonEqual } from '../../../../machinery/json/equal.js';
import type { AuthorizationAttributes, Authorizer } from '../../authorizer.js';
import { MASTERS_GROUP, type UserInfo } from '../../../request/user.js';
import { compactRules, covers, type PolicyRule } from '../../../../machinery/rbac/policy-rule.js';
import { compactString, goQuoteList } from './coverage.js';
import { roleRefOf, type RbacRuleResolver } from './resolver.js';
import { rulesOf } from './rules.js';

const FULL_AUTHORITY: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'], resourceNames: [], nonResourceURLs: [] },
  { verbs: ['*'], apiGroups: [], resources: [], resourceNames: [], nonResourceURLs: ['*'] },
];

/** Why `user` may not grant `rules` in `namespace`, or undefined when they hold them all. */
export function escalationError(resolver: RbacRuleResolver, user: UserInfo, namespace: string, rules: PolicyRule[]): string | undefined {
  const owner = resolver.rulesFor(user, namespace);
  const result = covers(owner.rules, rules);
  if (result.covered) return undefined;
  const missing = [...new Set(compactRules(result.uncovered, { uniqueVerbs: false }).map(compactString))].sort();
  let msg = `user "${user.username}" (groups=${goQuoteList(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${missing.join('\n')}`;
  if (owner.errors.length > 0) msg += `; resolution errors: [${owner.errors.join(' ')}]`;
  return msg;
}

async function authorized(authorizer: Authorizer, user: UserInfo, verb: string, resource: string, namespace: string, name: string): Promise<boolean> {
  const attrs: AuthorizationAttributes = {
    user, verb, isResourceRequest: true, path: '', apiGroup: GROUPS.rbac, apiVersion: '', resource, subresource: '', namespace, name,
  };
  return (await authorizer.authorize(attrs)).decision === 'allow';
}

/** The admission plugin that refuses escalating RBAC writes. */
export function rbacEscalationAdmission(authorizer: Authorizer, resolver: RbacRuleResolver): AdmissionPlugin {
  async function checkRole(a: AdmissionAttributes, obj: JsonObject): Promise<void> {
    const gr = { group: GROUPS.rbac, resource: a.def.plural };
    const name = nameOf(obj);
    if (a.oldObject !== undefined && jsonEqual(obj.rules, a.oldObject.rules) && jsonEqual(obj.aggregationRule, a.oldObject.aggregationRule)) return;
    const requestName = a.operation === 'CREATE' ? '' : name;
    if (await authorized(authorizer, a.user, 'escalate', a.def.plural, a.namespace, requestName)) return;
    const why = escalationError(resolver, a.user, a.namespace, rulesOf(obj));
    if (why !== undefined) throw forbidden(gr, name, why);
    if (a.def.plural === 'clusterroles' && obj.aggregationRule !== undefined && obj.aggregationRule !== null) {
      if (escalationError(resolver, a.user, a.namespace, FULL_AUTHORITY) !== undefined) {
        throw forbidden(gr, name, 'must have cluster-admin privileges to use the aggregationRule');
      }
    }
  }

  async function checkBinding(a: AdmissionAttributes, obj: JsonObject): Promise<void> {
    const gr = { group: GROUPS.rbac, resource: a.def.plural };
    const name = nameOf(obj);
    const ref = roleRefOf(obj);
    if (a.oldObject !== undefined && jsonEqual(obj.subjects, a.oldObject.subjects) && jsonEqual(obj.roleRef, a.oldObject.roleRef)) return;
    const refResource = ref.kind === 'ClusterRole' ? 'clusterroles' : ref.kind === 'Role' ? 'roles' : '';
    if (refResource !== '' && await authorized(authorizer, a.user, 'bind', refResource, a.namespace, ref.name)) return;
    const got = resolver.roleRefRules(ref, a.namespace);
    if ('error' in got) throw forbidden(gr, name, got.error);
    const why = escalationError(resolver, a.user, a.namespace, got.rules);
    if (why !== undefined) throw forbidden(gr, name, why);
  }

  return {
    name: 'RBACEscalationPrevention',
    async validate(a) {
      if (a.operation !== 'CREATE' && a.operation !== 'UPDATE') return;
      if (a.def.group !== GROUPS.rbac || a.subresource !== '' || a.object === undefined) return;
      if (a.user.groups.includes(MASTERS_GROUP)) return;
      if (a.def.plural === 'roles' || a.def.plural === 'clusterroles') await checkRole(a, a.object);
      else if (a.def.plural === 'rolebindings' || a.def.plural === 'clusterrolebindings') await checkBinding(a, a.object);
    },
  };
}
