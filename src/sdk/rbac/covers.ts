/**
 * Whether one set of RBAC rules grants everything another does (component-helpers'
 * `validation.Covers`): the servant rules are broken down to one verb, resource and resource name
 * (or non-resource URL) each, and every piece must be granted by one owner rule. The pieces no
 * owner rule grants are returned.
 */
import type { PolicyRule } from '../types/rbac.js';

/** Splits a rule into rules of one API group, resource, verb and resource name (or URL and verb). */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of rule.verbs ?? []) {
        const names = rule.resourceNames ?? [];
        if (names.length > 0) for (const name of names) out.push({ apiGroups: [group], resources: [resource], verbs: [verb], resourceNames: [name] });
        else out.push({ apiGroups: [group], resources: [resource], verbs: [verb] });
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) for (const verb of rule.verbs ?? []) out.push({ nonResourceURLs: [url], verbs: [verb] });
  return out;
}

const hasAll = (set: readonly string[], wanted: readonly string[]): boolean => wanted.every((w) => set.includes(w));

function resourcesCovered(owned: readonly string[], wanted: readonly string[]): boolean {
  if (owned.includes('*') || hasAll(owned, wanted)) return true;
  return wanted.every((path) => {
    if (owned.includes(path)) return true;
    const slash = path.indexOf('/');
    return slash >= 0 && owned.includes(`*/${path.slice(slash + 1)}`);
  });
}

function urlCovered(owner: string, path: string): boolean {
  return owner === path || (owner.endsWith('*') && path.startsWith(owner.replace(/\*+$/, '')));
}

/** Whether `owner` grants all of `sub` (a rule with at most one verb, resource and name). */
function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  const verbs = owner.verbs ?? [];
  const groups = owner.apiGroups ?? [];
  const ownerNames = owner.resourceNames ?? [];
  const subNames = sub.resourceNames ?? [];
  return (verbs.includes('*') || hasAll(verbs, sub.verbs ?? []))
    && (groups.includes('*') || hasAll(groups, sub.apiGroups ?? []))
    && resourcesCovered(owner.resources ?? [], sub.resources ?? [])
    && (sub.nonResourceURLs ?? []).every((path) => (owner.nonResourceURLs ?? []).some((o) => urlCovered(o, path)))
    && (subNames.length === 0 ? ownerNames.length === 0 : ownerNames.length === 0 || hasAll(ownerNames, subNames));
}

/**
 * Whether `owner` grants everything `servant` does, and the broken-down servant rules it does not.
 */
export function covers(owner: readonly PolicyRule[], servant: readonly PolicyRule[]): { covered: boolean; uncovered: PolicyRule[] } {
  const uncovered = servant.flatMap(breakdownRule).filter((sub) => !owner.some((o) => ruleCovers(o, sub)));
  return { covered: uncovered.length === 0, uncovered };
}
