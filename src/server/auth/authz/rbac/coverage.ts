/**
 * How kube-apiserver's escalation check describes the rules a user may not grant: its compact
 * form (`{APIGroups:[""], Resources:["secrets"], Verbs:["get"]}`). Whether rules are covered is
 * machinery's `covers`.
 */
import type { PolicyRule } from '../../../../machinery/rbac/policy-rule.js';

/** Go's `%q` of a string slice: `["a" "b"]`. */
export function goQuoteList(values: string[]): string {
  return `[${values.map((v) => JSON.stringify(v)).join(' ')}]`;
}

/** kube-apiserver's compact description of a rule. */
export function compactString(r: PolicyRule): string {
  const parts: string[] = [];
  if (r.apiGroups.length > 0) parts.push(`APIGroups:${goQuoteList(r.apiGroups)}`);
  if (r.resources.length > 0) parts.push(`Resources:${goQuoteList(r.resources)}`);
  if (r.nonResourceURLs.length > 0) parts.push(`NonResourceURLs:${goQuoteList(r.nonResourceURLs)}`);
  if (r.resourceNames.length > 0) parts.push(`ResourceNames:${goQuoteList(r.resourceNames)}`);
  if (r.verbs.length > 0) parts.push(`Verbs:${goQuoteList(r.verbs)}`);
  return `{${parts.join(', ')}}`;
}
