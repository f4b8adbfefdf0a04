/**
 * Whether one set of rules covers another, as kube-apiserver's escalation check decides it: the
 * requested rules are broken down into single verb/group/resource/name (or verb/URL) rules and
 * each must be covered by some held rule. The missing ones are described in kube-apiserver's
 * compact form (`{APIGroups:[""], Resources:["secrets"], Verbs:["get"]}`).
 */
import type { PolicyRule } from './rules.js';

function rule(p: Partial<PolicyRule>): PolicyRule {
  return { verbs: [], apiGroups: [], resources: [], resourceNames: [], nonResourceURLs: [], ...p };
}

/** The atomic rules of a rule. */
export function breakdownRule(r: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const group of r.apiGroups) {
    for (const resource of r.resources) {
      for (const verb of r.verbs) {
        if (r.resourceNames.length > 0) {
          for (const name of r.resourceNames) out.push(rule({ apiGroups: [group], resources: [resource], verbs: [verb], resourceNames: [name] }));
        } else {
          out.push(rule({ apiGroups: [group], resources: [resource], verbs: [verb] }));
        }
      }
    }
  }
  for (const url of r.nonResourceURLs) for (const verb of r.verbs) out.push(rule({ nonResourceURLs: [url], verbs: [verb] }));
  return out;
}

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

/** Merges rules that differ only in verbs (one group, one resource, at most one name). */
export function compactRules(rules: PolicyRule[]): PolicyRule[] {
  const out: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const r of rules) {
    const isSimple = r.apiGroups.length === 1 && r.resources.length === 1 && r.nonResourceURLs.length === 0 && r.resourceNames.length <= 1;
    if (!isSimple) {
      out.push(r);
      continue;
    }
    const key = JSON.stringify([r.apiGroups[0], r.resources[0], r.resourceNames[0] ?? null]);
    const existing = simple.get(key);
    if (existing === undefined) simple.set(key, { ...r, verbs: [...r.verbs] });
    else existing.verbs.push(...r.verbs);
  }
  return [...out, ...simple.values()];
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
