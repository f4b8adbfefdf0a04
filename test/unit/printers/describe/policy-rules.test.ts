/**
 * The PolicyRule table's rule handling, against kubectl's `rbac.BreakdownRule`, `CompactRules`,
 * the generated `PolicyRule.String()` order and `CombineResourceGroup`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { breakdownRule, compactRules, policyRuleOf } from '../../../../src/machinery/rbac/policy-rule.js';
import { combineResourceGroup, policyRuleString, tableRules } from '../../../../src/printers/describe/policy-rules.js';

test('a rule breaks down into one group, resource, verb and name per rule; URLs pair with verbs only', () => {
  const rules = breakdownRule(policyRuleOf({ apiGroups: ['', 'apps'], resources: ['pods'], resourceNames: ['a', 'b'], verbs: ['get'], nonResourceURLs: ['/x'] }));
  assert.deepEqual(rules.map(policyRuleString), [
    '&PolicyRule{Verbs:[get],APIGroups:[],Resources:[pods],ResourceNames:[a],NonResourceURLs:[],}',
    '&PolicyRule{Verbs:[get],APIGroups:[],Resources:[pods],ResourceNames:[b],NonResourceURLs:[],}',
    '&PolicyRule{Verbs:[get],APIGroups:[apps],Resources:[pods],ResourceNames:[a],NonResourceURLs:[],}',
    '&PolicyRule{Verbs:[get],APIGroups:[apps],Resources:[pods],ResourceNames:[b],NonResourceURLs:[],}',
    '&PolicyRule{Verbs:[get],APIGroups:[],Resources:[],ResourceNames:[],NonResourceURLs:[/x],}',
  ]);
});

test('a rule without groups or verbs breaks down into nothing', () => {
  assert.deepEqual(breakdownRule(policyRuleOf({ resources: ['pods'], verbs: ['get'] })), []);
  assert.deepEqual(breakdownRule(policyRuleOf({ apiGroups: [''], resources: ['pods'] })), []);
});

test('simple rules of one group, resource and name gather their verbs in order, once each', () => {
  const broken = [
    ...breakdownRule(policyRuleOf({ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] })),
    ...breakdownRule(policyRuleOf({ apiGroups: [''], resources: ['configmaps'], verbs: ['watch', 'get'] })),
    ...breakdownRule(policyRuleOf({ nonResourceURLs: ['/healthz'], verbs: ['get', 'head'] })),
  ];
  const compacted = compactRules(broken);
  assert.deepEqual(compacted.map((r) => [r.resources, r.nonResourceURLs, r.verbs]), [
    [[], ['/healthz'], ['get']],
    [[], ['/healthz'], ['head']],
    [['configmaps'], [], ['get', 'list', 'watch']],
  ]);
});

test('the table orders rules by their text, verbs first', () => {
  const rules = tableRules([
    { apiGroups: [''], resources: ['pods'], verbs: ['list'] },
    { apiGroups: ['apps'], resources: ['deployments'], verbs: ['create', 'delete'] },
    { nonResourceURLs: ['/metrics'], verbs: ['get'] },
  ]);
  assert.deepEqual(rules.map((r) => [combineResourceGroup(r.resources, r.apiGroups), r.nonResourceURLs.join(), r.verbs.join(' ')]), [
    ['deployments.apps', '', 'create delete'],
    ['', '/metrics', 'get'],
    ['pods', '', 'list'],
  ]);
});

test('resource and group combine as resource.group/subresource', () => {
  assert.equal(combineResourceGroup(['deployments/scale'], ['apps']), 'deployments.apps/scale');
  assert.equal(combineResourceGroup(['pods/log'], ['']), 'pods/log');
  assert.equal(combineResourceGroup(['*'], ['*']), '*.*');
  assert.equal(combineResourceGroup([], ['apps']), '');
});
