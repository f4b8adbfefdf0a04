/**
 * kustomize's strategic merge (kyaml's merge2 walk), on the cases where it differs from the
 * server's strategic merge patch: the patch's list items come first, multi-key lists (ports),
 * `$patch` directives, `null` deletions, and lists without a merge strategy replaced whole.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergePatch } from '../../../../src/sdk/kustomize/transform/merge2.js';
import { schemaForKind } from '../../../../src/sdk/kustomize/transform/patch-schema.js';

const lookup = (apiVersion: string, kind: string) => schemaForKind(apiVersion, kind, undefined);
const deployment = (spec: unknown) => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { template: { spec } } });

test('merged lists: patch items first (in patch order), then the target-only items; items merge by key', () => {
  const target = deployment({ containers: [{ name: 'a', image: 'a:1' }, { name: 'b', image: 'b:1', env: [{ name: 'A', value: 'a' }] }] });
  const patch = deployment({ containers: [{ name: 'b', image: 'b:2', env: [{ name: 'Z', value: 'z' }] }, { name: 'c', image: 'c:1' }] });
  const out = mergePatch(target, patch, lookup) as { spec: { template: { spec: { containers: unknown[] } } } };
  assert.deepEqual(out.spec.template.spec.containers, [
    { name: 'b', image: 'b:2', env: [{ name: 'Z', value: 'z' }, { name: 'A', value: 'a' }] },
    { name: 'c', image: 'c:1' },
    { name: 'a', image: 'a:1' },
  ]);
});

test('lists without a merge strategy are replaced; null removes a field', () => {
  const target = deployment({ tolerations: [{ key: 'a' }], volumes: [{ name: 'v', emptyDir: {} }], nodeSelector: { disk: 'ssd' } });
  const patch = deployment({ tolerations: [{ key: 'x' }], volumes: null });
  const out = mergePatch(target, patch, lookup) as { spec: { template: { spec: Record<string, unknown> } } };
  assert.deepEqual(out.spec.template.spec, { tolerations: [{ key: 'x' }], nodeSelector: { disk: 'ssd' } });
});

test('service ports merge by (port, protocol) with kyaml quirks: an item matching nothing is dropped', () => {
  const svc = (ports: unknown) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports } });
  const out = mergePatch(
    svc([{ port: 80, name: 'http' }, { port: 80, protocol: 'UDP', name: 'dns' }]),
    svc([{ port: 81, protocol: 'UDP' }, { port: 80, name: 'http2' }]),
    lookup,
  ) as { spec: { ports: unknown[] } };
  assert.deepEqual(out.spec.ports, [{ port: 81, protocol: 'UDP' }, { port: 80, name: 'http' }, { port: 80, protocol: 'UDP', name: 'dns' }]);
});

test('$patch: delete on an item and on a whole object; $patch: replace on a map', () => {
  const target = deployment({ containers: [{ name: 'a', image: 'a' }, { name: 'b', image: 'b' }], securityContext: { runAsUser: 1, fsGroup: 2 } });
  const patch = deployment({ containers: [{ name: 'a', $patch: 'delete' }], securityContext: { $patch: 'replace', runAsUser: 5 } });
  const out = mergePatch(target, patch, lookup) as { spec: { template: { spec: Record<string, unknown> } } };
  assert.deepEqual(out.spec.template.spec, { containers: [{ name: 'b', image: 'b' }], securityContext: { runAsUser: 5 } });
  assert.equal(mergePatch(deployment({}), { ...deployment({}), $patch: 'delete' }, lookup), undefined);
  assert.throws(() => mergePatch(deployment({}), { ...deployment({}), $patch: 'bogus' }, lookup), /unknown patch strategy 'bogus'/);
});

test('kinds kustomize does not know get no merge keys: their lists are replaced', () => {
  const cr = (stages: unknown) => ({ apiVersion: 'example.com/v1', kind: 'Pipeline', metadata: { name: 'p' }, spec: { stages } });
  const out = mergePatch(cr([{ name: 'a' }, { name: 'b' }]), cr([{ name: 'b', x: 1 }]), lookup) as { spec: { stages: unknown[] } };
  assert.deepEqual(out.spec.stages, [{ name: 'b', x: 1 }]);
});

test('merged lists of scalars (finalizers) keep each value once, the patch first', () => {
  const cm = (finalizers: string[]) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', finalizers } });
  const out = mergePatch(cm(['a', 'b']), cm(['c', 'a']), lookup) as { metadata: { finalizers: string[] } };
  assert.deepEqual(out.metadata.finalizers, ['c', 'a', 'b']);
});

test('a kind mismatch between target and patch is an error', () => {
  assert.throws(() => mergePatch(deployment({ containers: [] }), deployment({ containers: { name: 'x' } }), lookup), /wrong node kind/);
});
