import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { checkFit, fitErrorMessage, matchesNodeAffinity, tolerates } from '../../../../src/server/scheduler/fit.js';

function node(extra: JsonObject = {}, labels: JsonObject = {}): JsonObject {
  return {
    metadata: { name: 'local', labels: { 'platform.io/hostname': 'local', ...labels } },
    spec: extra,
    status: { allocatable: { cpu: '2', memory: '4Gi', pods: '3', 'ephemeral-storage': '10Gi' } },
  };
}

function pod(spec: JsonObject = {}, requests: JsonObject = {}): JsonObject {
  return { metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'x', resources: { requests } }], ...spec } };
}

function affinity(terms: JsonObject[]): JsonObject {
  return { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } };
}

describe('scheduler filters', () => {
  test('tolerations match taints by key, value, operator and effect', () => {
    const taint = { key: 'k', value: 'v', effect: 'NoSchedule' };
    assert.equal(tolerates({ key: 'k', operator: 'Equal', value: 'v' }, taint), true);
    assert.equal(tolerates({ key: 'k', value: 'v' }, taint), true);
    assert.equal(tolerates({ key: 'k', operator: 'Exists', effect: 'NoSchedule' }, taint), true);
    assert.equal(tolerates({ operator: 'Exists' }, taint), true);
    assert.equal(tolerates({ key: 'k', operator: 'Equal', value: 'w' }, taint), false);
    assert.equal(tolerates({ key: 'k', operator: 'Exists', effect: 'NoExecute' }, taint), false);
  });

  test('node affinity: In, NotIn, Exists, DoesNotExist, Gt, Lt, matchFields; terms are ORed, requirements ANDed', () => {
    const n = node({}, { zone: 'a', cores: '8' });
    const expr = (key: string, operator: string, values?: string[]): JsonObject => affinity([{ matchExpressions: [{ key, operator, ...(values ? { values } : {}) }] }]);
    assert.equal(matchesNodeAffinity(pod(expr('zone', 'In', ['a', 'b'])), n), true);
    assert.equal(matchesNodeAffinity(pod(expr('zone', 'NotIn', ['a'])), n), false);
    assert.equal(matchesNodeAffinity(pod(expr('zone', 'Exists')), n), true);
    assert.equal(matchesNodeAffinity(pod(expr('gpu', 'DoesNotExist')), n), true);
    assert.equal(matchesNodeAffinity(pod(expr('cores', 'Gt', ['4'])), n), true);
    assert.equal(matchesNodeAffinity(pod(expr('cores', 'Lt', ['4'])), n), false);
    assert.equal(matchesNodeAffinity(pod(affinity([{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['local'] }] }])), n), true);
    assert.equal(matchesNodeAffinity(pod(affinity([{ matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['local'] }] }])), n), false);
    assert.equal(matchesNodeAffinity(pod(affinity([{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['z'] }] }, { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }])), n), true);
    assert.equal(matchesNodeAffinity(pod(affinity([{}])), n), false, 'an empty term matches nothing');
    assert.equal(matchesNodeAffinity(pod({ nodeSelector: { zone: 'a' } }), n), true);
    assert.equal(matchesNodeAffinity(pod({ nodeSelector: { zone: 'b' } }), n), false);
  });

  test('the first failing filter decides, in the default scheduler order', () => {
    const cordoned = node({ unschedulable: true, taints: [{ key: 'x', effect: 'NoSchedule' }] });
    assert.deepEqual(checkFit(pod(), { node: cordoned, pods: [] }), { reasons: ['node(s) were unschedulable'], unresolvable: true });
    const tainted = node({ taints: [{ key: 'node.platform.io/not-ready', effect: 'NoSchedule' }, { key: 'soft', effect: 'PreferNoSchedule' }] });
    assert.deepEqual(checkFit(pod(), { node: tainted, pods: [] }), { reasons: ['node(s) had untolerated taint {node.platform.io/not-ready: }'], unresolvable: true });
    assert.equal(checkFit(pod({ tolerations: [{ key: 'node.platform.io/not-ready', operator: 'Exists' }] }), { node: tainted, pods: [] }), undefined, 'PreferNoSchedule does not matter for fit');
    assert.deepEqual(checkFit(pod({ nodeSelector: { disk: 'ssd' } }), { node: node(), pods: [] }), { reasons: ["node(s) didn't match Pod's node affinity/selector"], unresolvable: true });
  });

  test('resources: requests against allocatable minus what is bound; pod count; every shortage listed', () => {
    const bound = [pod({}, { cpu: '1500m', memory: '1Gi' }), pod({}, {})];
    assert.equal(checkFit(pod({}, { cpu: '500m' }), { node: node(), pods: bound }), undefined);
    assert.deepEqual(checkFit(pod({}, { cpu: '600m', memory: '4Gi' }), { node: node(), pods: bound }), { reasons: ['Insufficient cpu', 'Insufficient memory'], unresolvable: false });
    assert.deepEqual(checkFit(pod(), { node: node(), pods: [...bound, pod()] }), { reasons: ['Too many pods'], unresolvable: false });
    assert.deepEqual(checkFit(pod({}, { 'example.com/gpu': '1' }), { node: node(), pods: [] }), { reasons: ['Insufficient example.com/gpu'], unresolvable: false });
    const init = pod({ initContainers: [{ name: 'i', image: 'x', resources: { requests: { cpu: '3' } } }] });
    assert.deepEqual(checkFit(init, { node: node(), pods: [] }), { reasons: ['Insufficient cpu'], unresolvable: false }, 'the largest init container counts');
  });

  test('the FitError message of the real scheduler', () => {
    assert.equal(fitErrorMessage(pod(), []), 'no nodes available to schedule pods');
    assert.equal(fitErrorMessage(pod(), [{ reasons: ['Insufficient memory', 'Insufficient cpu'], unresolvable: false }]),
      '0/1 nodes are available: 1 Insufficient cpu, 1 Insufficient memory. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.');
    assert.equal(fitErrorMessage(pod(), [{ reasons: ["node(s) didn't match Pod's node affinity/selector"], unresolvable: true }, { reasons: ['Too many pods'], unresolvable: false }]),
      "0/2 nodes are available: 1 Too many pods, 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.");
    assert.equal(fitErrorMessage(pod({ preemptionPolicy: 'Never' }), [{ reasons: ['Too many pods'], unresolvable: false }]),
      '0/1 nodes are available: 1 Too many pods. preemption: not eligible due to preemptionPolicy=Never.');
  });
});
