/**
 * The `auth can-i --list` table, as kubectl builds it from a SelfSubjectRulesReview: every rule
 * broken down to one group, resource, verb and name each, simple resource rules merged back per
 * (group, resource, name), sorted by the Go string form of the rule (verbs first), then laid out
 * in four columns by the tab writer.
 */
import type { NonResourceRule, ResourceRule } from '../../../../sdk/types/authorization.js';
import { renderRows } from '../../../../printers/table/table-writer.js';

/** rbac/v1 PolicyRule, the shape kubectl converts review rules to. */
export interface PolicyRule {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
  resourceNames: string[];
  nonResourceURLs: string[];
}

function rule(parts: Partial<PolicyRule>): PolicyRule {
  return { verbs: [], apiGroups: [], resources: [], resourceNames: [], nonResourceURLs: [], ...parts };
}

/** The rules of a review status as policy rules (resource rules first, as kubectl). */
export function toPolicyRules(resourceRules: readonly ResourceRule[], nonResourceRules: readonly NonResourceRule[]): PolicyRule[] {
  return [
    ...resourceRules.map((r) => rule({ verbs: r.verbs, apiGroups: r.apiGroups ?? [], resources: r.resources ?? [], resourceNames: r.resourceNames ?? [] })),
    ...nonResourceRules.map((r) => rule({ verbs: r.verbs, nonResourceURLs: r.nonResourceURLs ?? [] })),
  ];
}

/** kubectl's BreakdownRule: one rule per group x resource x verb (x name), and per URL x verb. */
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
  for (const url of r.nonResourceURLs) {
    for (const verb of r.verbs) out.push(rule({ nonResourceURLs: [url], verbs: [verb] }));
  }
  return out;
}

/** kubectl's CompactRules: rules with one group, one resource and at most one name merge their verbs. */
export function compactRules(rules: readonly PolicyRule[]): PolicyRule[] {
  const compacted: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const r of rules) {
    const isSimple = r.resourceNames.length <= 1 && r.nonResourceURLs.length === 0 && r.apiGroups.length === 1 && r.resources.length === 1;
    if (!isSimple) {
      compacted.push(r);
      continue;
    }
    const key = JSON.stringify([r.apiGroups[0], r.resources[0], r.resourceNames.length > 0, r.resourceNames[0] ?? '']);
    const existing = simple.get(key);
    if (existing === undefined) simple.set(key, { ...r, verbs: [...r.verbs] });
    else existing.verbs.push(...r.verbs);
  }
  return [...compacted, ...simple.values()];
}

/** Go's `%v` of a string slice: `[a b]`. */
export function goSlice(values: readonly string[]): string {
  return `[${values.join(' ')}]`;
}

/** The generated `String()` of rbac/v1 PolicyRule, kubectl's sort key. */
export function policyRuleString(r: PolicyRule): string {
  return `&PolicyRule{Verbs:${goSlice(r.verbs)},APIGroups:${goSlice(r.apiGroups)},Resources:${goSlice(r.resources)},ResourceNames:${goSlice(r.resourceNames)},NonResourceURLs:${goSlice(r.nonResourceURLs)},}`;
}

/** Go's strings.Compare on UTF-8 bytes. */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** `resource.group/subresource`, as kubectl's CombineResourceGroup. */
export function combineResourceGroup(resources: readonly string[], groups: readonly string[]): string {
  const first = resources[0];
  if (first === undefined) return '';
  const slash = first.indexOf('/');
  const base = slash < 0 ? first : first.slice(0, slash);
  const group = groups[0];
  let combined = group !== undefined && group !== '' ? `${base}.${group}` : base;
  if (slash >= 0) combined += `/${first.slice(slash + 1)}`;
  return combined;
}

/** The table text (`noHeaders` drops the header line). */
export function formatRulesTable(resourceRules: readonly ResourceRule[], nonResourceRules: readonly NonResourceRule[], noHeaders: boolean): string {
  const broken = toPolicyRules(resourceRules, nonResourceRules).flatMap(breakdownRule);
  const sorted = compactRules(broken)
    .map((r) => ({ r, key: policyRuleString(r) }))
    .sort((a, b) => compareBytes(a.key, b.key))
    .map(({ r }) => r);
  const rows: string[][] = noHeaders ? [] : [['Resources', 'Non-Resource URLs', 'Resource Names', 'Verbs']];
  for (const r of sorted) rows.push([combineResourceGroup(r.resources, r.apiGroups), goSlice(r.nonResourceURLs), goSlice(r.resourceNames), goSlice(r.verbs)]);
  return renderRows(rows);
}
