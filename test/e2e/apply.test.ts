/**
 * Golden transcripts of `apply` against the local server: client-side and server-side apply,
 * re-apply, changes, dry runs, output formats, conflicts, namespace handling, ordering with CRDs,
 * partial failures, bad input, the annotation size limit, and pruning.
 */
import { test } from 'node:test';
import { assertGolden, transcript, type Scenario } from './writes-golden.js';

const cm = (name: string, data: Record<string, string>, extra = ''): string =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${extra}data:\n${Object.entries(data).map(([k, v]) => `  ${k}: "${v}"\n`).join('')}`;

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
  labels: {app: web}
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: registry.example/web:1.0
        ports:
        - containerPort: 8080
      - name: sidecar
        image: registry.example/sidecar:1.0
`;

const NAMESPACE = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n';

const CRD = `apiVersion: apiextensions.platform.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {type: integer}
              color: {type: string}
`;

const widget = (name: string, size: number, color = 'blue'): string =>
  `apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: ${name}\n  namespace: shop\nspec:\n  size: ${size}\n  color: ${color}\n`;

const scenarios: Scenario[] = [
  {
    name: 'client-side',
    files: {
      // The namespace comes last: apply still creates it first.
      'app.yaml': `${DEPLOYMENT}---\n${cm('settings', { mode: 'fast' }, '  namespace: shop\n')}---\n${NAMESPACE}`,
      'changed.yaml': `${DEPLOYMENT.replace('replicas: 2', 'replicas: 3').replace('sidecar:1.0', 'sidecar:1.1')}---\n${cm('settings', { mode: 'slow', extra: 'x' }, '  namespace: shop\n')}`,
    },
    steps: [
      { cli: ['apply', '-f', 'app.yaml'], note: 'first apply creates everything, namespace first; results in input order' },
      { cli: ['apply', '-f', 'app.yaml'], note: 'nothing changed' },
      { cli: ['apply', '-f', 'changed.yaml', '--dry-run=client'] },
      { cli: ['apply', '-f', 'changed.yaml', '--dry-run=server'] },
      { cli: ['apply', '-f', 'changed.yaml'] },
      { get: '/api/v1/namespaces/shop/configmaps/settings', note: 'the last-applied annotation is byte-compatible with kubectl\'s' },
      { write: { 'removed.yaml': cm('settings', { mode: 'slow' }, '  namespace: shop\n') } },
      { cli: ['apply', '-f', 'removed.yaml', '-o', 'yaml'], note: 'a key removed from the manifest is removed from the object' },
      { cli: ['apply', '-f', 'app.yaml', '-o', 'name'] },
      { cli: ['apply', '-f', 'app.yaml', '-o', 'json', '--dry-run=client'], note: 'several objects print as a List' },
      { cli: ['apply', '-f', '-', '-n', 'shop'], stdin: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"from-stdin"},"data":{"k":"v"}}', note: 'JSON on stdin, namespace from -n' },
    ],
  },
  {
    name: 'server-side',
    files: {
      'cm.yaml': cm('owned', { a: '1', b: '2' }),
      'other.yaml': cm('owned', { a: '9' }),
      'same.yaml': cm('owned', { a: '1' }),
    },
    steps: [
      { cli: ['apply', '--server-side', '-f', 'cm.yaml'] },
      { cli: ['apply', '--server-side', '-f', 'cm.yaml'] },
      { cli: ['apply', '--server-side', '-f', 'other.yaml', '--field-manager', 'other'], note: 'another manager changing an owned field conflicts' },
      { cli: ['apply', '--server-side', '-f', 'same.yaml', '--field-manager', 'other'], note: 'the same value shares ownership' },
      { cli: ['apply', '--server-side', '-f', 'other.yaml', '--field-manager', 'other', '--force-conflicts', '--dry-run=server'] },
      { cli: ['apply', '--server-side', '-f', 'other.yaml', '--field-manager', 'other', '--force-conflicts'] },
      { get: '/api/v1/namespaces/default/configmaps/owned' },
      { cli: ['apply', '--server-side', '--dry-run=client', '-f', 'cm.yaml'] },
      { cli: ['apply', '--force-conflicts', '-f', 'cm.yaml'] },
      { cli: ['apply', '-f', 'cm.yaml'], note: 'client-side apply after server-side apply' },
    ],
  },
  {
    name: 'crd-ordering',
    files: { 'all.yaml': `${widget('small', 1)}---\n${widget('large', 9, 'red')}---\n${NAMESPACE}---\n${CRD}` },
    steps: [
      { cli: ['apply', '-f', 'all.yaml'], note: 'the widgets come before their CRD in the file: the CRD and namespace are applied first, the widgets wait until the kind is served' },
      { cli: ['apply', '-f', 'all.yaml', '--server-side'] },
      { write: { 'all.yaml': `${widget('small', 2)}---\n${NAMESPACE}---\n${CRD}` } },
      { cli: ['apply', '-f', 'all.yaml'] },
      { get: '/apis/example.com/v1/namespaces/shop/widgets/small' },
    ],
  },
  {
    name: 'errors',
    files: {
      'bad.yaml': `${cm('fine', { a: '1' })}---\n${cm('broken', { a: '1' })}  b: [unclosed\n`,
      'bad.json': '{"apiVersion": "v1", "kind": "ConfigMap",\n "metadata": {"name": "x",}}\n',
      'noname.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels: {a: b}\n',
      'nokind.yaml': 'apiVersion: v1\nmetadata:\n  name: x\n',
      'mixed.yaml': `${cm('one', { a: '1' })}---\n${cm('two', { a: '1' }, '  namespace: missing\n')}---\napiVersion: example.com/v1\nkind: Gadget\nmetadata:\n  name: g\n---\n${cm('three', { a: '1' }, '  namespace: other\n')}`,
      'big.yaml': cm('big', { blob: 'x'.repeat(270_000) }),
    },
    steps: [
      { cli: ['apply', '-f', 'bad.yaml'], note: 'the documents that parse are applied and the one that does not is reported, as kubectl does' },
      { cli: ['apply', '-f', 'bad.json'] },
      { cli: ['apply', '-f', 'noname.yaml'] },
      { cli: ['apply', '-f', 'nokind.yaml'] },
      { cli: ['apply', '-f', 'missing.yaml'] },
      { cli: ['apply'] },
      { cli: ['apply', '-f', 'mixed.yaml'], note: 'every object is attempted and every failure listed; exit 1' },
      { cli: ['apply', '-f', 'mixed.yaml', '-n', 'default'], note: 'with an explicit -n, an object naming another namespace is an error' },
      { cli: ['apply', '-f', 'big.yaml'], note: 'the last-applied annotation would be too large' },
      { cli: ['apply', '-f', 'big.yaml', '--server-side'] },
      { cli: ['apply', '-f', 'mixed.yaml', '--dry-run=maybe'] },
      { cli: ['apply', '-f', 'mixed.yaml', '-o', 'wide'] },
    ],
  },
  {
    name: 'prune',
    files: {
      'set.yaml': [cm('keep', { a: '1' }, '  labels: {set: demo}\n'), cm('drop', { a: '1' }, '  labels: {set: demo}\n'), cm('unlabelled', { a: '1' })].join('---\n'),
      'smaller.yaml': cm('keep', { a: '1' }, '  labels: {set: demo}\n'),
      'foreign.yaml': cm('created-elsewhere', { a: '1' }, '  labels: {set: demo}\n'),
    },
    steps: [
      { cli: ['apply', '-f', 'set.yaml'] },
      { cli: ['create', '-f', 'foreign.yaml'], note: 'created without apply: never pruned' },
      { cli: ['apply', '-f', 'smaller.yaml', '--prune'], note: '--prune needs a selector or --all' },
      { cli: ['apply', '-f', 'smaller.yaml', '--prune', '-l', 'set=demo', '--dry-run=client'] },
      { cli: ['apply', '-f', 'smaller.yaml', '--prune', '-l', 'set=demo'] },
      { get: '/api/v1/namespaces/default/configmaps/drop' },
      { cli: ['apply', '-f', 'set.yaml', '--prune', '--all', '--prune-allowlist=core/v1/Secret'], note: 'an allowlist without ConfigMaps prunes no ConfigMap' },
      { cli: ['apply', '-f', 'smaller.yaml', '--prune-allowlist=core/v1/ConfigMap'] },
    ],
  },
];

for (const scenario of scenarios) {
  test(`apply golden: ${scenario.name}`, async () => {
    await assertGolden('apply', scenario.name, await transcript(scenario));
  });
}
