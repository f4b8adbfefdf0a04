/**
 * RBAC policy rules and how one rule matches a request, as kube-apiserver's RBAC authorizer reads
 * them: `*` in verbs, apiGroups and resources; `resource/subresource` and `* /subresource`
 * resources; resourceNames that only ever match named requests; non-resource URLs with a
 * trailing `*` as a prefix match.
 */
import type { JsonValue } from '../../../../sdk/types/meta.js';
import type { AuthorizationAttributes } from '../../authorizer.js';
import { asArray, asObject } from '../../../util/json.js';
import { policyRuleOf, type PolicyRule } from '../../../../machinery/rbac/policy-rule.js';

/** The rules of a stored role object (`rules`, missing or malformed entries skipped). */
export function rulesOf(role: { rules?: JsonValue } | undefined): PolicyRule[] {
  return (asArray(role?.rules) ?? []).map((r) => policyRuleOf(asObject(r) ?? {}));
}

function verbMatches(rule: PolicyRule, verb: string): boolean {
  return rule.verbs.includes('*') || rule.verbs.includes(verb);
}

function groupMatches(rule: PolicyRule, group: string): boolean {
  return rule.apiGroups.includes('*') || rule.apiGroups.includes(group);
}

function resourceMatches(rule: PolicyRule, resource: string, subresource: string): boolean {
  const combined = subresource === '' ? resource : `${resource}/${subresource}`;
  for (const r of rule.resources) {
    if (r === '*' || r === combined) return true;
    if (subresource !== '' && r.startsWith('*/') && r.slice(2) === subresource) return true;
  }
  return false;
}

function nameMatches(rule: PolicyRule, name: string): boolean {
  return rule.resourceNames.length === 0 || rule.resourceNames.includes(name);
}

/** True when a non-resource URL pattern (`/healthz`, `/api/*`, `*`) covers a path. */
export function urlMatches(pattern: string, path: string): boolean {
  if (pattern === '*' || pattern === path) return true;
  return pattern.endsWith('*') && path.startsWith(pattern.slice(0, -1));
}

/** True when the rule allows the request. */
export function ruleAllows(attrs: AuthorizationAttributes, rule: PolicyRule): boolean {
  if (!verbMatches(rule, attrs.verb)) return false;
  if (attrs.isResourceRequest) {
    return groupMatches(rule, attrs.apiGroup) && resourceMatches(rule, attrs.resource, attrs.subresource) && nameMatches(rule, attrs.name);
  }
  return rule.nonResourceURLs.some((u) => urlMatches(u, attrs.path));
}
