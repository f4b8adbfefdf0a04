import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleMatches } from '../../../../src/server/webhooks/match.js';
import { resolveTarget } from '../../../../src/server/webhooks/client.js';
import { defineKind } from '../../../../src/server/kinds/define.js';

const pods = defineKind({ group: '', version: 'v1', kind: 'Pod', plural: 'pods', namespaced: true, status: true });
const nodes = defineKind({ group: '', version: 'v1', kind: 'Node', plural: 'nodes', namespaced: false, status: true });
const deployments = defineKind({ group: 'apps', version: 'v1', kind: 'Deployment', plural: 'deployments', namespaced: true, status: true });

const rule = (resources: string[], extra: Record<string, unknown> = {}) => ({ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources, ...extra });

test('resources: * is every resource without sub-resources, */* everything, pods/* the pod and every sub-resource, */status every status', () => {
  assert.equal(ruleMatches(rule(['*']), 'CREATE', pods, ''), true);
  assert.equal(ruleMatches(rule(['*']), 'UPDATE', pods, 'status'), false);
  assert.equal(ruleMatches(rule(['*/*']), 'UPDATE', pods, 'status'), true);
  assert.equal(ruleMatches(rule(['pods/*']), 'UPDATE', pods, 'status'), true);
  // As in the API server, `pods/*` also matches the pod itself (an empty sub-resource matches `*`).
  assert.equal(ruleMatches(rule(['pods/*']), 'CREATE', pods, ''), true);
  assert.equal(ruleMatches(rule(['pods/*']), 'CREATE', deployments, ''), false);
  assert.equal(ruleMatches(rule(['*/status']), 'UPDATE', deployments, 'status'), true);
  assert.equal(ruleMatches(rule(['*/status']), 'UPDATE', deployments, 'scale'), false);
  assert.equal(ruleMatches(rule(['pods']), 'CREATE', pods, ''), true);
  assert.equal(ruleMatches(rule(['pods']), 'CREATE', deployments, ''), false);
});

test('operations, groups, versions and scope', () => {
  assert.equal(ruleMatches(rule(['*'], { operations: ['DELETE'] }), 'CREATE', pods, ''), false);
  assert.equal(ruleMatches(rule(['*'], { apiGroups: ['apps'] }), 'CREATE', pods, ''), false);
  assert.equal(ruleMatches(rule(['*'], { apiGroups: [''] }), 'CREATE', pods, ''), true);
  assert.equal(ruleMatches(rule(['*'], { apiVersions: ['v1beta1'] }), 'CREATE', deployments, ''), false);
  assert.equal(ruleMatches(rule(['*'], { scope: 'Cluster' }), 'CREATE', pods, ''), false);
  assert.equal(ruleMatches(rule(['*'], { scope: 'Cluster' }), 'CREATE', nodes, ''), true);
  assert.equal(ruleMatches(rule(['*'], { scope: 'Namespaced' }), 'CREATE', nodes, ''), false);
  // Sub-resources take their parent's scope.
  assert.equal(ruleMatches(rule(['*/*'], { scope: 'Namespaced' }), 'UPDATE', pods, 'status'), true);
});

test('targets: URLs get the timeout query; services keep their DNS name for errors and certificates but connect where configured', () => {
  const u = resolveTarget({ url: 'https://hooks.example.com:8443/validate' }, 7, {});
  assert.equal(u.url, 'https://hooks.example.com:8443/validate?timeout=7s');
  assert.equal(u.path, '/validate?timeout=7s');
  assert.equal(u.credentialTarget, 'hooks.example.com:8443');
  const s = resolveTarget({ service: { namespace: 'ns', name: 'svc', port: 443 } }, 10, { 'ns/svc': '127.0.0.1:9443' });
  assert.equal(s.url, 'https://svc.ns.svc/?timeout=10s');
  assert.equal(s.serverName, 'svc.ns.svc');
  assert.equal(s.credentialTarget, 'svc.ns.svc');
  assert.equal(s.connectHost, '127.0.0.1');
  assert.equal(s.connectPort, 9443);
  assert.equal(resolveTarget({ service: { namespace: 'ns', name: 'svc', port: 8443, path: 'x' } }, 1, {}).url, 'https://svc.ns.svc:8443/x?timeout=1s');
});
