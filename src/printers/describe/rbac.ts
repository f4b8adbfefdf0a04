/**
 * `describe role|clusterrole` (the PolicyRule table) and `describe rolebinding|clusterrolebinding`
 * (the Role and Subjects tables), as kubectl prints them. kubectl shows no events for these.
 */
import type { KubeObject } from '../../sdk/types/meta.js';
import { obj, objs, str } from './json-access.js';
import { combineResourceGroup, ruleListText, tableRules } from './policy-rules.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './writer.js';
import { printLabelsAndAnnotations } from './object-header.js';

/** `describe role` and `describe clusterrole`. */
export function describeRole(role: KubeObject): string {
  const meta = role.metadata ?? {};
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
    printLabelsAndAnnotations(w, meta);
    w.write(LEVEL_0, 'PolicyRule:\n');
    w.write(LEVEL_1, 'Resources\tNon-Resource URLs\tResource Names\tVerbs\n');
    w.write(LEVEL_1, '---------\t-----------------\t--------------\t-----\n');
    for (const r of tableRules(objs(role['rules']))) {
      w.write(LEVEL_1, `${combineResourceGroup(r.resources, r.apiGroups)}\t${ruleListText(r.nonResourceURLs)}\t${ruleListText(r.resourceNames)}\t${ruleListText(r.verbs)}\n`);
    }
  });
}

/** `describe rolebinding` and `describe clusterrolebinding`. */
export function describeRoleBinding(binding: KubeObject): string {
  const meta = binding.metadata ?? {};
  const roleRef = obj(binding['roleRef']);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
    printLabelsAndAnnotations(w, meta);
    w.write(LEVEL_0, 'Role:\n');
    w.write(LEVEL_1, `Kind:\t${str(roleRef['kind'])}\n`);
    w.write(LEVEL_1, `Name:\t${str(roleRef['name'])}\n`);
    w.write(LEVEL_0, 'Subjects:\n');
    w.write(LEVEL_1, 'Kind\tName\tNamespace\n');
    w.write(LEVEL_1, '----\t----\t---------\n');
    for (const s of objs(binding['subjects'])) w.write(LEVEL_1, `${str(s['kind'])}\t${str(s['name'])}\t${str(s['namespace'])}\n`);
  });
}
