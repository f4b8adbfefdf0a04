/**
 * The PolicyRule table of `describe role|clusterrole` as kubectl builds it: every rule broken down
 * into rules of one group, resource, verb and resource name (or one non-resource URL and verb),
 * the simple ones compacted again by (group, resource, resource name) with their verbs gathered,
 * then ordered by the text of the rule as the API's generated `PolicyRule.String()` prints it.
 */
import { strs } from './json-access.js';

/** One rule as the table needs it. */
export interface PolicyRule {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
  resourceNames: string[];
  nonResourceURLs: string[];
}

/** The rule as the API object holds it (lists absent when empty). */
export function policyRuleOf(raw: Record<string, unknown>): PolicyRule {
  return {
    verbs: strs(raw['verbs']),
    apiGroups: strs(raw['apiGroups']),
    resources: strs(raw['resources']),
    resourceNames: strs(raw['resourceNames']),
    nonResourceURLs: strs(raw['nonResourceURLs']),
  };
}

/** kubectl's `rbac.BreakdownRule`. */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  const one = (apiGroups: string[], resources: string[], verbs: string[], resourceNames: string[], nonResourceURLs: string[]): PolicyRule =>
    ({ verbs, apiGroups, resources, resourceNames, nonResourceURLs });
  for (const group of rule.apiGroups) {
    for (const resource of rule.resources) {
      for (const verb of rule.verbs) {
        if (rule.resourceNames.length > 0) {
          for (const name of rule.resourceNames) out.push(one([group], [resource], [verb], [name], []));
        } else {
          out.push(one([group], [resource], [verb], [], []));
        }
      }
    }
  }
  for (const url of rule.nonResourceURLs) for (const verb of rule.verbs) out.push(one([], [], [verb], [], [url]));
  return out;
}

/** A rule of one group and resource, at most one name and no URLs (`isSimpleResourceRule`). */
function simpleKey(rule: PolicyRule): string | undefined {
  if (rule.resourceNames.length > 1 || rule.nonResourceURLs.length > 0) return undefined;
  if (rule.apiGroups.length !== 1 || rule.resources.length !== 1) return undefined;
  return JSON.stringify([rule.apiGroups[0], rule.resources[0], rule.resourceNames.length > 0, rule.resourceNames[0] ?? '']);
}

/**
 * kubectl's `rbac.CompactRules`: simple rules that differ only by verb become one. kubectl appends
 * every verb (`auth can-i --list` passes `uniqueVerbs: false`); `describe` lists each verb once.
 */
export function compactRules(rules: readonly PolicyRule[], options: { uniqueVerbs?: boolean } = {}): PolicyRule[] {
  const uniqueVerbs = options.uniqueVerbs ?? true;
  const compacted: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const rule of rules) {
    const key = simpleKey(rule);
    if (key === undefined) {
      compacted.push(rule);
      continue;
    }
    const existing = simple.get(key);
    if (existing === undefined) {
      simple.set(key, { ...rule, verbs: [...rule.verbs] });
      continue;
    }
    for (const verb of rule.verbs) if (!uniqueVerbs || !existing.verbs.includes(verb)) existing.verbs.push(verb);
  }
  return [...compacted, ...simple.values()];
}

const slice = (values: readonly string[]): string => `[${values.join(' ')}]`;

/** The generated `PolicyRule.String()`, kubectl's sort key. */
export function policyRuleString(rule: PolicyRule): string {
  return `&PolicyRule{Verbs:${slice(rule.verbs)},APIGroups:${slice(rule.apiGroups)},Resources:${slice(rule.resources)},ResourceNames:${slice(rule.resourceNames)},NonResourceURLs:${slice(rule.nonResourceURLs)},}`;
}

/** Byte order of Go's `strings.Compare` (the strings are ASCII here, as names and verbs are). */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** The rules of a role as the table lists them: broken down, compacted and sorted (stable). */
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
