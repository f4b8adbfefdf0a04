/**
 * The `auth can-i --list` table, as kubectl builds it from a SelfSubjectRulesReview: every rule
 * broken down to one group, resource, verb and name each, simple resource rules merged back per
 * (group, resource, name), sorted by the Go string form of the rule (verbs first), then laid out
 * in four columns by the tab writer. The breakdown, compaction and rule text are `describe role`'s
 * (`printers/describe/policy-rules.ts`): kubectl uses one set of functions for both.
 */
import type { NonResourceRule, ResourceRule } from '../../../../sdk/types/authorization.js';
import { combineResourceGroup, ruleListText as goSlice, tableRules } from '../../../../printers/describe/policy-rules.js';
import { renderRows } from '../../../../printers/table/table-writer.js';

/** The table text (`noHeaders` drops the header line); resource rules first, as kubectl converts them. */
export function formatRulesTable(resourceRules: readonly ResourceRule[], nonResourceRules: readonly NonResourceRule[], noHeaders: boolean): string {
  const sorted = tableRules([...resourceRules, ...nonResourceRules].map((r) => ({ ...r })), { uniqueVerbs: false });
  const rows: string[][] = noHeaders ? [] : [['Resources', 'Non-Resource URLs', 'Resource Names', 'Verbs']];
  for (const r of sorted) rows.push([combineResourceGroup(r.resources, r.apiGroups), goSlice(r.nonResourceURLs), goSlice(r.resourceNames), goSlice(r.verbs)]);
  return renderRows(rows);
}
