/**
 * Reference fix-up after renames (name references, chosen by kind, namespace and shared
 * prefixes), vars, and the output order.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { defaultTransformerConfig } from '../../../../src/sdk/kustomize/config/defaults.js';
import { sortResources } from '../../../../src/sdk/kustomize/emit/sort.js';
import { fixNameReferences } from '../../../../src/sdk/kustomize/fixref/name-reference.js';
import { VarSet, attachVars, expandVars, resolveVar, resolveVars } from '../../../../src/sdk/kustomize/fixref/vars.js';
import { ResMap } from '../../../../src/sdk/kustomize/model/resmap.js';
import { Resource } from '../../../../src/sdk/kustomize/model/resource.js';
import { isCertainlyClusterScoped } from '../../../../src/sdk/kustomize/model/scope.js';
import { transformNameAffix } from '../../../../src/sdk/kustomize/transform/prefix-suffix.js';

const scope = (apiVersion: string, kind: string): boolean => isCertainlyClusterScoped(apiVersion, kind);
const config = defaultTransformerConfig();

function map(...objects: Array<Record<string, unknown>>): ResMap {
  const m = new ResMap();
  m.appendAll(objects.map((o) => new Resource(structuredClone(o), scope)));
  return m;
}

test('a renamed ConfigMap is renamed where a pod template refers to it; other names stay', () => {
  const m = map(
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' } },
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { template: { spec: { volumes: [{ name: 'v', configMap: { name: 'cfg' } }, { name: 'w', configMap: { name: 'external' } }], containers: [{ name: 'c', envFrom: [{ configMapRef: { name: 'cfg' } }] }] } } } },
  );
  transformNameAffix(m, 'x-', 'prefix', config.namePrefix);
  fixNameReferences(m, config.nameReference);
  const spec = (m.resources()[1]?.obj as { spec: { template: { spec: { volumes: Array<{ configMap: { name: string } }>; containers: Array<{ envFrom: Array<{ configMapRef: { name: string } }> }> } } } }).spec.template.spec;
  assert.equal(spec.volumes[0]?.configMap.name, 'x-cfg');
  assert.equal(spec.volumes[1]?.configMap.name, 'external');
  assert.equal(spec.containers[0]?.envFrom[0]?.configMapRef.name, 'x-cfg');
});

test('roleRef follows the referenced kind; subjects get name and namespace', () => {
  const m = map(
    { apiVersion: 'rbac.authorization.platform.io/v1', kind: 'Role', metadata: { name: 'r', namespace: 'n' } },
    { apiVersion: 'rbac.authorization.platform.io/v1', kind: 'ClusterRole', metadata: { name: 'r' } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'sa', namespace: 'n' } },
    { apiVersion: 'rbac.authorization.platform.io/v1', kind: 'RoleBinding', metadata: { name: 'b', namespace: 'n' }, roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'ClusterRole', name: 'r' }, subjects: [{ kind: 'ServiceAccount', name: 'sa', namespace: 'n' }] },
  );
  const [role, clusterRole, sa] = m.resources();
  role?.storePreviousId();
  role?.setName('role-new');
  clusterRole?.storePreviousId();
  clusterRole?.setName('cluster-new');
  sa?.storePreviousId();
  sa?.setName('sa-new');
  fixNameReferences(m, config.nameReference);
  const binding = m.resources()[3]?.obj as { roleRef: { name: string }; subjects: Array<{ name: string; namespace: string }> };
  assert.equal(binding.roleRef.name, 'cluster-new');
  assert.deepEqual(binding.subjects, [{ kind: 'ServiceAccount', name: 'sa-new', namespace: 'n' }]);
});

test('several candidates with different names are an error', () => {
  const m = map(
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' } },
    { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { volumes: [{ name: 'v', configMap: { name: 'same' } }] } },
  );
  for (const [i, r] of m.resources().slice(0, 2).entries()) {
    r.setPreviousId('default', 'same', 'ConfigMap');
    r.setName(`new-${i}`);
  }
  assert.throws(() => fixNameReferences(m, config.nameReference), /found multiple possible referrals/);
});

test('vars: $(NAME) replaced, $$ escapes, unknown names kept, whole-value references keep the type', () => {
  const mapping = (n: string): unknown => (n === 'PORT' ? 8080 : n === 'HOST' ? 'db' : `$(${n})`);
  assert.equal(expandVars('$(PORT)', mapping), 8080);
  assert.equal(expandVars('http://$(HOST):$(PORT)/$(X)', mapping), 'http://db:8080/$(X)');
  assert.equal(expandVars('$$(HOST) $ $(', mapping), '$(HOST) $ $(');
  const m = map(
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'db' }, spec: { ports: [{ port: 5432 }] } },
    { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', args: ['$(DB):$(DB_PORT)'], env: [{ name: 'P', value: '$(DB_PORT)' }] }] } },
  );
  const set = new VarSet();
  attachVars(m, [resolveVar({ name: 'DB', objref: { kind: 'Service', name: 'db', apiVersion: 'v1' } }, scope), resolveVar({ name: 'DB_PORT', objref: { kind: 'Service', name: 'db', apiVersion: 'v1' }, fieldref: { fieldPath: 'spec.ports[0].port' } }, scope)], set);
  assert.deepEqual(resolveVars(m, set, config.varReference), []);
  assert.deepEqual((m.resources()[1]?.obj as { spec: unknown }).spec, { containers: [{ name: 'c', args: ['db:5432'], env: [{ name: 'P', value: 5432 }] }] });
  assert.throws(() => set.add(resolveVar({ name: 'DB', objref: {} }, scope)), /var 'DB' already encountered/);
});

test('legacy order: kinds ranked first and last, then group/version/kind, then namespace and name', () => {
  const m = map(
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'b' } },
    { apiVersion: 'admissionregistration.platform.io/v1', kind: 'ValidatingWebhookConfiguration', metadata: { name: 'w' } },
    { apiVersion: 'example.com/v1', kind: 'Zeta', metadata: { name: 'z' } },
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'a' } },
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'n' } },
  );
  const names = (rs: Resource[]): string[] => rs.map((r) => r.getName());
  assert.deepEqual(names(sortResources(m.resources(), undefined)), ['n', 'a', 'b', 'z', 'w']);
  assert.deepEqual(names(sortResources(m.resources(), { order: 'fifo' })), ['b', 'w', 'z', 'a', 'n']);
  assert.deepEqual(names(sortResources(m.resources(), { order: 'legacy', legacySortOptions: { orderFirst: ['Zeta'], orderLast: ['Namespace'] } })), ['z', 'w', 'a', 'b', 'n']);
  assert.throws(() => sortResources(m.resources(), { order: 'random' }), /must be one of \[fifo, legacy\]/);
});
