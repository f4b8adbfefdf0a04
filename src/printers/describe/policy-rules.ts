/**
 * The PolicyRule table of `describe role|clusterrole` as kubectl builds it: every rule broken down
 * into rules of one group, resource, verb and resource name (or one non-resource URL and verb),
 * the simple ones compacted again by (group, resource, resource name) with their verbs gathered,
 * then ordered by the text of the rule as the API's generated `PolicyRule.String()` prints it.
 */
import { breakdownRule, compactRules, policyRuleOf, type PolicyRule } from '../../machinery/rbac/policy-rule.js';

const slice = (values: readonly string[]): string => `[${values.join(' ')}]`;

/** The generated `PolicyRule.String()`, kubectl's sort key. */
export function policyRuleString(rule: PolicyRule): string {
  return `&PolicyRule{Verbs:${slice(rule.verbs)},APIGroups:${slice(rule.apiGroups)},Resources:${slice(rule.resources)},ResourceNames:${slice(rule.resourceNames)},NonResourceURLs:${slice(rule.nonResourceURLs)},}`;
}

/** Byte order of Go's `strings.Compare` (the strings are ASCII here, as names and verbs are). */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * The rules of a role as the table lists them: broken down, compacted (each verb once unless
 * `uniqueVerbs` is false, as for `auth can-i --list`) and sorted (stable).
 */
export function tableRules(rawRules: readonly Record<string, unknown>[], options: { uniqueVerbs?: boolean } = {}): PolicyRule[] {
  const broken = rawRules.flatMap((r) => breakdownRule(policyRuleOf(r)));
  return compactRules(broken, options)
    .map((rule, index) => ({ rule, index, key: policyRuleString(rule) }))
    .sort((a, b) => compareBytes(a.key, b.key) || a.index - b.index)
    .map((x) => x.rule);
}

/** kubectl's `CombineResourceGroup`: `resource.group/subresource` of the first resource and group. */
export function combineResourceGroup(resources: readonly string[], groups: readonly string[]): string {
  const first = resources[0];
  if (first === undefined) return '';
  const slash = first.indexOf('/');
  let combined = slash < 0 ? first : first.slice(0, slash);
  const group = groups[0];
  if (group !== undefined && group !== '') combined += `.${group}`;
  if (slash >= 0) combined += `/${first.slice(slash + 1)}`;
  return combined;
}

/** Go's `%v` of a string slice. */
export function ruleListText(values: readonly string[]): string {
  return slice(values);
}
