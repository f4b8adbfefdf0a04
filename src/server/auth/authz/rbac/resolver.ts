/**
 * Which RBAC rules apply to a user in a namespace, walked in kube-apiserver's order: every
 * ClusterRoleBinding, then the RoleBindings of the namespace. A binding whose role is missing
 * contributes an error (reported as the evaluation error) instead of rules.
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import type { ClusterRoleBinding, RoleBinding } from '../../../../sdk/types/generated/rbac-v1.js';
import { GROUPS } from '../../../../sdk/naming.js';
import type { UserInfo } from '../../../request/user.js';
import { asObject, asString } from '../../../util/json.js';
import type { RbacPolicyStore } from './policy-store.js';
import { rulesOf } from './rules.js';
import type { PolicyRule } from '../../../../machinery/rbac/policy-rule.js';

/** A binding's `roleRef`. */
export interface RoleRef {
  kind: string;
  name: string;
}

/** One subject of a binding. */
interface Subject {
  kind: string;
  name: string;
  namespace: string;
}

/** Receives each rule that applies (with a description of where it comes from) or an error; return false to stop. */
export type RuleVisitor = (source: string, rule: PolicyRule | undefined, error: string | undefined) => boolean;

function subjectsOf(binding: RoleBinding | ClusterRoleBinding): Subject[] {
  return (binding.subjects ?? []).map((s) => ({ kind: s.kind, name: s.name, namespace: s.namespace ?? '' }));
}

/** The `roleRef` of a binding object not yet stored (admission reads it untyped). */
export function roleRefOf(binding: JsonObject): RoleRef {
  const r = asObject(binding.roleRef) ?? {};
  return { kind: asString(r.kind) ?? '', name: asString(r.name) ?? '' };
}

function appliesTo(user: UserInfo, s: Subject, bindingNamespace: string): boolean {
  switch (s.kind) {
    case 'User':
      return user.username === s.name;
    case 'Group':
      return user.groups.includes(s.name);
    case 'ServiceAccount': {
      const ns = s.namespace === '' ? bindingNamespace : s.namespace;
      return ns !== '' && user.username === `system:serviceaccount:${ns}:${s.name}`;
    }
    default:
      return false;
  }
}

function describeSubject(s: Subject, bindingNamespace: string): string {
  if (s.kind === 'ServiceAccount') return `ServiceAccount "${s.name}/${s.namespace === '' ? bindingNamespace : s.namespace}"`;
  return `${s.kind} "${s.name}"`;
}

/** Resolves RBAC rules from the policy store. */
export class RbacRuleResolver {
  constructor(readonly policy: RbacPolicyStore) {}

  /** The rules a role reference grants in `namespace` (a Role lives there; a ClusterRole is cluster-wide). */
  roleRefRules(ref: RoleRef, namespace: string): { rules: PolicyRule[] } | { error: string } {
    if (ref.kind === 'ClusterRole') {
      const role = this.policy.get('clusterroles', '', ref.name);
      return role === undefined ? { error: `clusterrole.${GROUPS.rbac} "${ref.name}" not found` } : { rules: rulesOf(role) };
    }
    if (ref.kind === 'Role') {
      const role = namespace === '' ? undefined : this.policy.get('roles', namespace, ref.name);
      return role === undefined ? { error: `role.${GROUPS.rbac} "${ref.name}" not found` } : { rules: rulesOf(role) };
    }
    return { error: `unsupported role reference kind: "${ref.kind}"` };
  }

  /** Visits the rules that apply to `user` in `namespace` ('' = cluster-wide rules only). */
  visitRules(user: UserInfo, namespace: string, visit: RuleVisitor): void {
    for (const b of this.policy.list('clusterrolebindings')) {
      if (!this.visitBinding(user, b, 'ClusterRoleBinding', '', visit)) return;
    }
    if (namespace === '') return;
    for (const b of this.policy.list('rolebindings', namespace)) {
      if (!this.visitBinding(user, b, 'RoleBinding', namespace, visit)) return;
    }
  }

  private visitBinding(user: UserInfo, binding: RoleBinding | ClusterRoleBinding, kind: string, namespace: string, visit: RuleVisitor): boolean {
    const subject = subjectsOf(binding).find((s) => appliesTo(user, s, namespace));
    if (subject === undefined) return true;
    const ref = binding.roleRef;
    const got = this.roleRefRules(ref, namespace);
    const name = binding.metadata?.name ?? '';
    const bindingName = namespace === '' ? name : `${name}/${namespace}`;
    const source = `${kind} "${bindingName}" of ${ref.kind} "${ref.name}" to ${describeSubject(subject, namespace)}`;
    if ('error' in got) return visit(source, undefined, got.error);
    for (const r of got.rules) if (!visit(source, r, undefined)) return false;
    return true;
  }

  /** Every rule that applies to `user` in `namespace`, and the errors met on the way. */
  rulesFor(user: UserInfo, namespace: string): { rules: PolicyRule[]; errors: string[] } {
    const rules: PolicyRule[] = [];
    const errors: string[] = [];
    this.visitRules(user, namespace, (_source, rule, error) => {
      if (rule !== undefined) rules.push(rule);
      if (error !== undefined) errors.push(error);
      return true;
    });
    return { rules, errors };
  }
}
