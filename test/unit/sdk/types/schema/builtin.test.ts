// The built-in kinds' schemas follow the Go types' markers (k8s.io/api struct tags).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GROUPS } from '../../../../../src/sdk/naming.js';
import type { ListSchema, TypeSchema } from '../../../../../src/sdk/types/schema/index.js';
import { builtinSchema, builtinSchemaKinds, childType, isAtomic } from '../../../../../src/sdk/types/schema/index.js';

/** The schema at a path of field names (`[]` steps into list items). */
function at(schema: TypeSchema, ...path: string[]): TypeSchema {
  let node = schema;
  for (const step of path) {
    if (step === '[]') {
      assert.equal(node.kind, 'list', `list expected before ${path.join('.')}`);
      node = (node as ListSchema).items;
    } else {
      node = childType(node, step).schema;
    }
  }
  return node;
}

const SERVED: [string, string, string][] = [
  [GROUPS.core, 'v1', 'Namespace'], [GROUPS.core, 'v1', 'ConfigMap'], [GROUPS.core, 'v1', 'Secret'], [GROUPS.core, 'v1', 'ServiceAccount'],
  [GROUPS.core, 'v1', 'Service'], [GROUPS.core, 'v1', 'Endpoints'], [GROUPS.core, 'v1', 'Event'], [GROUPS.core, 'v1', 'Pod'], [GROUPS.core, 'v1', 'Node'],
  [GROUPS.core, 'v1', 'PersistentVolume'], [GROUPS.core, 'v1', 'PersistentVolumeClaim'],
  [GROUPS.apps, 'v1', 'Deployment'], [GROUPS.apps, 'v1', 'ReplicaSet'], [GROUPS.apps, 'v1', 'StatefulSet'], [GROUPS.apps, 'v1', 'DaemonSet'],
  [GROUPS.batch, 'v1', 'Job'], [GROUPS.batch, 'v1', 'CronJob'], [GROUPS.coordination, 'v1', 'Lease'],
  [GROUPS.rbac, 'v1', 'Role'], [GROUPS.rbac, 'v1', 'ClusterRole'], [GROUPS.rbac, 'v1', 'RoleBinding'], [GROUPS.rbac, 'v1', 'ClusterRoleBinding'],
  [GROUPS.certificates, 'v1', 'CertificateSigningRequest'],
  [GROUPS.admissionregistration, 'v1', 'MutatingWebhookConfiguration'], [GROUPS.admissionregistration, 'v1', 'ValidatingWebhookConfiguration'],
  [GROUPS.apiextensions, 'v1', 'CustomResourceDefinition'], [GROUPS.autoscaling, 'v1', 'Scale'],
  [GROUPS.core, 'v1', 'LimitRange'], [GROUPS.core, 'v1', 'ResourceQuota'], [GROUPS.core, 'v1', 'Binding'],
  [GROUPS.admissionregistration, 'v1beta1', 'MutatingWebhookConfiguration'], [GROUPS.admissionregistration, 'v1beta1', 'ValidatingWebhookConfiguration'],
  [GROUPS.policy, 'v1', 'PodDisruptionBudget'], [GROUPS.policy, 'v1beta1', 'PodDisruptionBudget'], [GROUPS.policy, 'v1', 'Eviction'],
  [GROUPS.scheduling, 'v1', 'PriorityClass'], [GROUPS.node, 'v1', 'RuntimeClass'],
  [GROUPS.autoscaling, 'v1', 'HorizontalPodAutoscaler'], [GROUPS.autoscaling, 'v2', 'HorizontalPodAutoscaler'], [GROUPS.discovery, 'v1', 'EndpointSlice'], [GROUPS.apps, 'v1', 'ControllerRevision'],
  [GROUPS.authorization, 'v1', 'SelfSubjectAccessReview'], [GROUPS.authorization, 'v1', 'SubjectAccessReview'],
  [GROUPS.authorization, 'v1', 'LocalSubjectAccessReview'], [GROUPS.authorization, 'v1', 'SelfSubjectRulesReview'],
  [GROUPS.authentication, 'v1', 'TokenReview'], [GROUPS.authentication, 'v1beta1', 'TokenReview'], [GROUPS.authentication, 'v1', 'TokenRequest'],
  [GROUPS.authentication, 'v1', 'SelfSubjectReview'], [GROUPS.authentication, 'v1beta1', 'SelfSubjectReview'],
  [GROUPS.core, 'v1', 'PodTemplate'], [GROUPS.core, 'v1', 'ReplicationController'],
  [GROUPS.storage, 'v1', 'StorageClass'], [GROUPS.storage, 'v1', 'VolumeAttachment'], [GROUPS.storage, 'v1', 'CSIDriver'], [GROUPS.storage, 'v1', 'CSINode'],
  [GROUPS.storage, 'v1', 'CSIStorageCapacity'],
  [GROUPS.networking, 'v1', 'Ingress'], [GROUPS.networking, 'v1', 'IngressClass'], [GROUPS.networking, 'v1', 'NetworkPolicy'],
];

test('every kind the local server serves has a schema with ObjectMeta metadata', () => {
  for (const [group, version, kind] of SERVED) {
    const schema = builtinSchema(group, version, kind);
    assert.ok(schema !== undefined, `${group}/${version} ${kind}`);
    assert.equal(at(schema, 'metadata', 'labels').kind, 'map');
  }
  assert.equal(builtinSchemaKinds().length, SERVED.length);
  assert.equal(builtinSchema('example.com', 'v1', 'Widget'), undefined);
  assert.equal(builtinSchema('apps', 'v1beta1', 'Deployment'), undefined);
});

function list(schema: TypeSchema): ListSchema {
  assert.equal(schema.kind, 'list');
  return schema as ListSchema;
}

test('ObjectMeta: finalizers a merged set, owner references keyed by uid (atomic items), managedFields atomic', () => {
  const pod = builtinSchema('', 'v1', 'Pod')!;
  assert.deepEqual(list(at(pod, 'metadata', 'finalizers')), { kind: 'list', items: { kind: 'scalar', type: 'string' }, listType: 'set', patchStrategy: 'merge' });
  const owners = list(at(pod, 'metadata', 'ownerReferences'));
  assert.deepEqual([owners.listType, owners.listMapKeys, owners.patchMergeKey], ['map', ['uid'], 'uid']);
  assert.ok(isAtomic(owners.items));
  assert.ok(isAtomic(at(pod, 'metadata', 'managedFields')));
});

test('Pod spec: keyed lists with their merge keys, atomic lists and maps', () => {
  const pod = builtinSchema('', 'v1', 'Pod')!;
  const keyed: [string[], string[], string | undefined][] = [
    [['spec', 'containers'], ['name'], 'name'],
    [['spec', 'initContainers'], ['name'], 'name'],
    [['spec', 'containers', '[]', 'ports'], ['containerPort', 'protocol'], 'containerPort'],
    [['spec', 'containers', '[]', 'env'], ['name'], 'name'],
    [['spec', 'containers', '[]', 'volumeMounts'], ['mountPath'], 'mountPath'],
    [['spec', 'volumes'], ['name'], 'name'],
    [['spec', 'imagePullSecrets'], ['name'], 'name'],
    [['status', 'conditions'], ['type'], 'type'],
  ];
  for (const [path, keys, mergeKey] of keyed) {
    const l = list(at(pod, ...path));
    assert.deepEqual([l.listType, l.listMapKeys, l.patchMergeKey], ['map', keys, mergeKey], path.join('.'));
  }
  assert.equal(list(at(pod, 'spec', 'containers', '[]', 'ports')).keyDefaults?.protocol, 'TCP');
  assert.equal(list(at(pod, 'spec', 'volumes')).patchStrategy, 'merge,retainKeys');
  assert.ok(isAtomic(at(pod, 'spec', 'tolerations')), 'tolerations');
  assert.equal(list(at(pod, 'spec', 'containers', '[]', 'args')).listType, 'atomic', 'args: no marker, so an atomic list');
  assert.ok(isAtomic(at(pod, 'spec', 'nodeSelector')), 'nodeSelector');
  assert.equal(at(pod, 'spec', 'containers', '[]', 'resources', 'limits').kind, 'map');
});

test('workloads: pod templates, atomic selectors, Deployment strategy retainKeys; Job conditions atomic', () => {
  for (const kind of ['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet']) {
    const schema = builtinSchema('apps', 'v1', kind)!;
    assert.ok(isAtomic(at(schema, 'spec', 'selector')), `${kind} selector`);
    assert.equal(list(at(schema, 'spec', 'template', 'spec', 'containers')).patchMergeKey, 'name');
  }
  assert.equal(at(builtinSchema('apps', 'v1', 'Deployment')!, 'spec', 'strategy').kind === 'struct' && (at(builtinSchema('apps', 'v1', 'Deployment')!, 'spec', 'strategy') as { patchStrategy?: string }).patchStrategy, 'retainKeys');
  assert.equal(list(at(builtinSchema('batch', 'v1', 'CronJob')!, 'spec', 'jobTemplate', 'spec', 'template', 'spec', 'containers')).listType, 'map');
  assert.ok(isAtomic(at(builtinSchema('batch', 'v1', 'Job')!, 'status', 'conditions')));
});

test('Service ports keyed by port and protocol, merged by port; RBAC rules and subjects atomic', () => {
  const ports = list(at(builtinSchema('', 'v1', 'Service')!, 'spec', 'ports'));
  assert.deepEqual([ports.listMapKeys, ports.patchMergeKey, ports.keyDefaults], [['port', 'protocol'], 'port', { protocol: 'TCP' }]);
  assert.ok(isAtomic(at(builtinSchema('', 'v1', 'Service')!, 'spec', 'selector')));
  assert.ok(isAtomic(at(builtinSchema(GROUPS.rbac, 'v1', 'Role')!, 'rules')));
  assert.ok(isAtomic(at(builtinSchema(GROUPS.rbac, 'v1', 'RoleBinding')!, 'subjects')));
  assert.equal(list(at(builtinSchema(GROUPS.admissionregistration, 'v1', 'ValidatingWebhookConfiguration')!, 'webhooks')).patchMergeKey, 'name');
});

test('fields a built-in schema does not name are deduced struct fields', () => {
  const pod = builtinSchema('', 'v1', 'Pod')!;
  const unknown = childType(at(pod, 'spec'), 'affinity');
  assert.equal(unknown.declared, true);
  assert.equal(unknown.unknown, false);
  assert.equal(childType(unknown.schema, 'nodeAffinity').declared, true);
});
