/**
 * RBAC's `PolicyRule` with every list present, and what both kube-apiserver and kubectl do with
 * rules (component-helpers' `BreakdownRule` and `CompactRules`): the server checks escalation
 * with them, `describe role` and `auth can-i --list` lay their tables out with them.
 */

/** One rule of a Role or ClusterRole (lists empty where the object leaves them out). */
export interface PolicyRule {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
  resourceNames: string[];
  nonResourceURLs: string[];
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

/** The rule a decoded JSON rule object holds (entries that are not strings skipped). */
export function policyRuleOf(raw: Readonly<Record<string, unknown>>): PolicyRule {
  return {
    verbs: strings(raw.verbs),
    apiGroups: strings(raw.apiGroups),
    resources: strings(raw.resources),
    resourceNames: strings(raw.resourceNames),
    nonResourceURLs: strings(raw.nonResourceURLs),
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
