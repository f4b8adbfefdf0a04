/**
 * Whether one set of rules covers another, as kube-apiserver's escalation check decides it: the
 * requested rules are broken down into single verb/group/resource/name (or verb/URL) rules and
 * each must be covered by some held rule. The missing ones are described in kube-apiserver's
 * compact form (`{APIGroups:[""], Resources:["secrets"], Verbs:["get"]}`).
 */
import { breakdownRule, type PolicyRule } from '../../../../machinery/rbac/policy-rule.js';

function hasAll(set: string[], items: string[]): boolean {
  return items.every((i) => set.includes(i));
}

function resourceCoversAll(set: string[], covers: string[]): boolean {
  if (set.includes('*') || hasAll(set, covers)) return true;
  for (const path of covers) {
    if (set.includes(path)) continue;
    const slash = path.indexOf('/');
    if (slash < 0) return false;
    if (!set.includes(`*/${path.slice(slash + 1)}`)) return false;
  }
  return true;
}

function urlCovers(owner: string, sub: string): boolean {
  if (owner === sub) return true;
  return owner.endsWith('*') && sub.startsWith(owner.replace(/\*+$/, ''));
}

function urlsCoverAll(set: string[], covers: string[]): boolean {
  return covers.every((c) => set.some((s) => urlCovers(s, c)));
}

function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  const verbs = owner.verbs.includes('*') || hasAll(owner.verbs, sub.verbs);
  const groups = owner.apiGroups.includes('*') || hasAll(owner.apiGroups, sub.apiGroups);
  const names = owner.resourceNames.length === 0 || (sub.resourceNames.length > 0 && hasAll(owner.resourceNames, sub.resourceNames));
  return verbs && groups && resourceCoversAll(owner.resources, sub.resources) && names && urlsCoverAll(owner.nonResourceURLs, sub.nonResourceURLs);
}

/** Whether `owner` covers every rule of `servant`, and the atomic rules it misses. */
export function covers(owner: PolicyRule[], servant: PolicyRule[]): { covered: boolean; missing: PolicyRule[] } {
  const missing: PolicyRule[] = [];
  for (const r of servant) {
    for (const atom of breakdownRule(r)) if (!owner.some((o) => ruleCovers(o, atom))) missing.push(atom);
  }
  return { covered: missing.length === 0, missing };
}

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
