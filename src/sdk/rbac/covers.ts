/**
 * Whether one set of RBAC rules grants everything another does (component-helpers'
 * `validation.Covers`, machinery's `covers`), over the API's rules: the pieces of the servant
 * rules no owner rule grants come back as rules of the API, their empty lists left out.
 */
import { covers as coversRules, policyRuleOf, type PolicyRule as FullRule } from '../../machinery/rbac/policy-rule.js';
import type { PolicyRule } from '../types/rbac.js';

/** One broken-down rule as the API writes it: a resource rule (with its name, if any) or a URL rule. */
function apiRule(r: FullRule): PolicyRule {
  if (r.nonResourceURLs.length > 0) return { nonResourceURLs: r.nonResourceURLs, verbs: r.verbs };
  const rule: PolicyRule = { apiGroups: r.apiGroups, resources: r.resources, verbs: r.verbs };
  if (r.resourceNames.length > 0) rule.resourceNames = r.resourceNames;
  return rule;
}

/**
 * Whether `owner` grants everything `servant` does, and the broken-down servant rules it does not.
 */
export function covers(owner: readonly PolicyRule[], servant: readonly PolicyRule[]): { covered: boolean; uncovered: PolicyRule[] } {
  const full = (r: PolicyRule): FullRule => policyRuleOf({ ...r });
  const result = coversRules(owner.map(full), servant.map(full));
  return { covered: result.covered, uncovered: result.uncovered.map(apiRule) };
}
