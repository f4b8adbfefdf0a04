/**
 * RBAC's `PolicyRule` with every list present, and what both kube-apiserver and kubectl do with
 * rules (component-helpers' `BreakdownRule` and `CompactRules`): the server checks escalation
 * with them, `describe role` and `auth can-i --list` lay their tables out with them.
 */
import { stringItems } from '../json/values.js';
import { withoutTrailing } from '../trailing.js';

/** One rule of a Role or ClusterRole (lists empty where the object leaves them out). */
export interface PolicyRule {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
  resourceNames: string[];
  nonResourceURLs: string[];
}


/** The rule a decoded JSON rule object holds (entries that are not strings skipped). */
export function policyRuleOf(raw: Readonly<Record<string, unknown>>): PolicyRule {
  return {
    verbs: stringItems(raw.verbs),
    apiGroups: stringItems(raw.apiGroups),
    resources: stringItems(raw.resources),
    resourceNames: stringItems(raw.resourceNames),
    nonResourceURLs: stringItems(raw.nonResourceURLs),
  };
}

function rule(fields: Partial<PolicyRule>): PolicyRule {
  return { verbs: [], apiGroups: [], resources: [], resourceNames: [], nonResourceURLs: [], ...fields };
}

/** `BreakdownRule`: rules of one API group, resource, verb and resource name (or one URL and verb). */
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

/** A rule of one group and resource, at most one name and no URLs (`isSimpleResourceRule`), as a key. */
function simpleKey(r: PolicyRule): string | undefined {
  if (r.resourceNames.length > 1 || r.nonResourceURLs.length > 0) return undefined;
  if (r.apiGroups.length !== 1 || r.resources.length !== 1) return undefined;
  return JSON.stringify([r.apiGroups[0], r.resources[0], r.resourceNames[0] ?? null]);
}

/**
 * `CompactRules`: simple rules that differ only by verb become one, after the others. `describe`
 * lists each verb once (`uniqueVerbs`, the default); the API server and `auth can-i --list` append
 * every verb, as Go's `CompactRules` does.
 */
export function compactRules(rules: readonly PolicyRule[], options: { uniqueVerbs?: boolean } = {}): PolicyRule[] {
  const uniqueVerbs = options.uniqueVerbs ?? true;
  const compacted: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const r of rules) {
    const key = simpleKey(r);
    if (key === undefined) {
      compacted.push(r);
      continue;
    }
    const existing = simple.get(key);
    if (existing === undefined) {
      simple.set(key, { ...r, verbs: [...r.verbs] });
      continue;
    }
    for (const verb of r.verbs) if (!uniqueVerbs || !existing.verbs.includes(verb)) existing.verbs.push(verb);
  }
  return [...compacted, ...simple.values()];
}

function hasAll(set: readonly string[], items: readonly string[]): boolean {
  return items.every((i) => set.includes(i));
}

/** Every resource asked for is owned: by `*`, by name, or a subresource by `*` and its name. */
function resourcesCovered(owned: readonly string[], wanted: readonly string[]): boolean {
  if (owned.includes('*') || hasAll(owned, wanted)) return true;
  return wanted.every((path) => {
    if (owned.includes(path)) return true;
    const slash = path.indexOf('/');
    return slash >= 0 && owned.includes(`*/${path.slice(slash + 1)}`);
  });
}

/** A URL, or a prefix ending in `*`. */
function urlCovered(owner: string, path: string): boolean {
  return owner === path || (owner.endsWith('*') && path.startsWith(withoutTrailing(owner, '*')));
}

/** Whether `owner` grants all of `sub` (a rule of at most one verb, resource and name, or URL). */
function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  return (owner.verbs.includes('*') || hasAll(owner.verbs, sub.verbs))
    && (owner.apiGroups.includes('*') || hasAll(owner.apiGroups, sub.apiGroups))
    && resourcesCovered(owner.resources, sub.resources)
    && (owner.resourceNames.length === 0 || (sub.resourceNames.length > 0 && hasAll(owner.resourceNames, sub.resourceNames)))
    && sub.nonResourceURLs.every((path) => owner.nonResourceURLs.some((o) => urlCovered(o, path)));
}

/**
 * component-helpers' `Covers`: whether the `owner` rules grant everything the `servant` rules do,
 * each servant rule broken down and every piece granted by one owner rule; and the pieces none grants.
 */
export function covers(owner: readonly PolicyRule[], servant: readonly PolicyRule[]): { covered: boolean; uncovered: PolicyRule[] } {
  const uncovered = servant.flatMap(breakdownRule).filter((sub) => !owner.some((o) => ruleCovers(o, sub)));
  return { covered: uncovered.length === 0, uncovered };
}
