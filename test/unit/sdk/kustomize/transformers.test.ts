/**
 * The transformers on small resource maps: namespace (cluster-scoped kinds left alone,
 * RoleBinding subjects), name prefix and suffix (skipped kinds, previous identities kept),
 * labels and annotations through field specs, images, replicas.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadRe2 } from '../../../../src/machinery/regex/re2.js';
import { defaultTransformerConfig } from '../../../../src/sdk/kustomize/config/defaults.js';
import { ResMap } from '../../../../src/sdk/kustomize/model/resmap.js';
import { Resource } from '../../../../src/sdk/kustomize/model/resource.js';
import { isCertainlyClusterScoped } from '../../../../src/sdk/kustomize/model/scope.js';
import { imageUpdater, splitImage, transformImage } from '../../../../src/sdk/kustomize/transform/images.js';
import { labelFieldSpecs, transformMapEntries } from '../../../../src/sdk/kustomize/transform/labels-annotations.js';
import { transformNamespace } from '../../../../src/sdk/kustomize/transform/namespace.js';
import { transformNameAffix } from '../../../../src/sdk/kustomize/transform/prefix-suffix.js';
import { transformReplicas } from '../../../../src/sdk/kustomize/transform/replicas.js';

const scope = (apiVersion: string, kind: string): boolean => isCertainlyClusterScoped(apiVersion, kind);
const config = defaultTransformerConfig();

function map(...objects: Array<Record<string, unknown>>): ResMap {
  const m = new ResMap();
  m.appendAll(objects.map((o) => new Resource(structuredClone(o), scope)));
  return m;
}

const objects = (m: ResMap): unknown[] => m.resources().map((r) => {
  r.removeBuildAnnotations();
  return r.obj;
});

// Name patterns are compiled with RE2, which a build loads first.
before(loadRe2);

test('namespace: namespaced kinds and Namespace names, not cluster-scoped kinds; default RoleBinding subjects', () => {
  const m = map(
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } },
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'old' } },
    { apiVersion: 'rbac.authorization.platform.io/v1', kind: 'ClusterRole', metadata: { name: 'r' } },
    { apiVersion: 'rbac.authorization.platform.io/v1', kind: 'RoleBinding', metadata: { name: 'b' }, subjects: [{ kind: 'ServiceAccount', name: 'default' }, { kind: 'ServiceAccount', name: 'x', namespace: 'y' }] },
    { apiVersion: 'example.com/v1', kind: 'Unknown', metadata: { name: 'u' } },
  );
  transformNamespace(m, 'team', config.namespace);
  assert.deepEqual(objects(m), [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'team' } },
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } },
    { apiVersion: 'rbac.authorization.platform.io/v1', kind: 'ClusterRole', metadata: { name: 'r' } },
    { apiVersion: 'rbac.authorization.platform.io/v1', kind: 'RoleBinding', metadata: { name: 'b', namespace: 'team' }, subjects: [{ kind: 'ServiceAccount', name: 'default', namespace: 'team' }, { kind: 'ServiceAccount', name: 'x', namespace: 'y' }] },
    { apiVersion: 'example.com/v1', kind: 'Unknown', metadata: { name: 'u', namespace: 'team' } },
  ]);
});

test('namespace: two resources may not end up with one identity', () => {
  const m = map({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'a' } }, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'b' } });
  assert.throws(() => transformNamespace(m, 'same', config.namespace), /namespace transformation produces ID conflict/);
});

test('prefix and suffix: names changed except CRDs, Namespaces and APIServices; previous names remembered', () => {
  const m = map(
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } },
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' } },
    { apiVersion: 'apiextensions.platform.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'a.b.c' } },
  );
  transformNameAffix(m, 'pre-', 'prefix', config.namePrefix);
  transformNameAffix(m, '-suf', 'suffix', config.nameSuffix);
  const [cm] = m.resources();
  assert.deepEqual(cm?.prevIds().map((id) => id.name), ['c', 'pre-c']);
  assert.deepEqual(cm?.getNamePrefixes(), ['pre-']);
  assert.deepEqual(cm?.getNameSuffixes(), ['-suf']);
  assert.deepEqual(m.resources().map((r) => r.getName()), ['pre-c-suf', 'ns', 'a.b.c']);
});

test('labels: selectors only with includeSelectors (commonLabels), templates with includeTemplates', () => {
  const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { selector: { matchLabels: { app: 'd' } }, template: { metadata: { labels: { app: 'd' } } } } };
  const plain = map(deployment);
  transformMapEntries(plain, { a: '1' }, labelFieldSpecs({ pairs: { a: '1' } }, config));
  assert.deepEqual(plain.resources()[0]?.obj, { ...deployment, metadata: { name: 'd', labels: { a: '1' } } });
  const templates = map(deployment);
  transformMapEntries(templates, { t: '1' }, labelFieldSpecs({ pairs: { t: '1' }, includeTemplates: true }, config));
  assert.deepEqual((templates.resources()[0]?.obj as typeof deployment).spec, { selector: { matchLabels: { app: 'd' } }, template: { metadata: { labels: { app: 'd', t: '1' } } } });
  const selectors = map(deployment, { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } });
  transformMapEntries(selectors, { s: '1' }, config.commonLabels);
  assert.deepEqual((selectors.resources()[0]?.obj as typeof deployment).spec.selector, { matchLabels: { app: 'd', s: '1' } });
  assert.deepEqual(selectors.resources()[1]?.obj, { apiVersion: 'v1', kind: 'Service', metadata: { name: 's', labels: { s: '1' } }, spec: { selector: { s: '1' } } });
});

test('images: split, match by name (a regular expression), new name, tag, digest, tag suffix', () => {
  assert.deepEqual(splitImage('registry:5000/team/app:1.0@sha256:abc'), { name: 'registry:5000/team/app', tag: '1.0', digest: 'sha256:abc' });
  assert.deepEqual(splitImage('nginx@sha256:abc'), { name: 'nginx', tag: '', digest: 'sha256:abc' });
  assert.deepEqual(splitImage('nginx'), { name: 'nginx', tag: '', digest: '' });
  assert.equal(imageUpdater({ name: 'nginx', newTag: '2' })('nginx:1'), 'nginx:2');
  assert.equal(imageUpdater({ name: 'nginx', newTag: '2' })('nginxinc/nginx:1'), undefined);
  assert.equal(imageUpdater({ name: 'nginx', newName: 'n', digest: 'sha256:x' })('nginx:1'), 'n@sha256:x');
  assert.equal(imageUpdater({ name: 'redis', tagSuffix: '-alpine' })('redis:7'), 'redis:7-alpine');
  // Go's regexp: linear time whatever the name (a backtracking engine takes minutes here), Go's errors.
  const started = Date.now();
  assert.equal(imageUpdater({ name: '(a|aa)*', newTag: '2' })(`${'a'.repeat(60)}!`), undefined);
  assert.ok(Date.now() - started < 1000, `matching took ${Date.now() - started} ms`);
  assert.throws(() => imageUpdater({ name: 'x(?!y)', newTag: '2' }), /^KustomizeError: error parsing regexp: invalid or unsupported Perl syntax: `\(\?!`$/);
  const m = map({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { initContainers: [{ name: 'i', image: 'busybox' }], containers: [{ name: 'c', image: 'nginx:1' }] } });
  transformImage(m, { name: 'nginx', newName: 'mirror/nginx' }, config.images);
  transformImage(m, { name: 'busybox', newTag: '1.36' }, config.images);
  assert.deepEqual((m.resources()[0]?.obj as { spec: unknown }).spec, { initContainers: [{ name: 'i', image: 'busybox:1.36' }], containers: [{ name: 'c', image: 'mirror/nginx:1' }] });
});

test('replicas: by name among kinds with a replicas field; no match is an error', () => {
  const m = map({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' } });
  transformReplicas(m, { name: 'd', count: 4 }, config.replicas);
  assert.deepEqual(m.resources()[0]?.obj, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 4 } });
  assert.throws(() => transformReplicas(m, { name: 'nope', count: 1 }, config.replicas), /resource with name nope does not match a config with the following GVK \[/);
});
