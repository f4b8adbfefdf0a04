import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fieldOwnership } from '../../../../src/sdk/blame/field-ownership.js';
import { blamedFields } from '../../../../src/printers/blame/blame-json.js';
import { blameYaml } from '../../../../src/printers/blame/blame-yaml.js';
import type { KubeObject } from '../../../../src/sdk/types/meta.js';

const DEPLOYMENT = {
  apiVersion: 'apps/v1', kind: 'Deployment',
  metadata: {
    name: 'web', namespace: 'default', uid: 'u-1', labels: { app: 'web' },
    managedFields: [
      {
        manager: 'platformctl', operation: 'Apply', apiVersion: 'apps/v1', time: '2026-11-29T09:00:00Z', fieldsType: 'FieldsV1',
        fieldsV1: { 'f:metadata': { 'f:labels': { 'f:app': {} } }, 'f:spec': { 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:args': {} } } } } } },
      },
      {
        manager: 'hpa', operation: 'Update', apiVersion: 'apps/v1', time: '2026-11-29T09:05:00Z', fieldsType: 'FieldsV1',
        fieldsV1: { 'f:spec': { 'f:replicas': {} } },
      },
      {
        manager: 'controller', operation: 'Update', apiVersion: 'apps/v1', time: '2026-11-29T09:06:00Z', fieldsType: 'FieldsV1', subresource: 'status',
        fieldsV1: { 'f:status': { 'f:replicas': {} } },
      },
    ],
  },
  spec: { replicas: 3, template: { spec: { containers: [{ name: 'web', image: 'nginx:1.27', args: ['--port', '80'] }], dnsPolicy: 'ClusterFirst' } } },
  status: { replicas: 3 },
} as unknown as KubeObject;

test('blame: every line led by its owners, fields of nobody marked, keys in get -o yaml order', () => {
  assert.equal(blameYaml(fieldOwnership(DEPLOYMENT)), [
    '(nobody)                                           apiVersion: apps/v1',
    '(nobody)                                           kind: Deployment',
    '                                                   metadata:',
    '                                                     labels:',
    'platformctl          Apply   2026-11-29T09:00:00Z      app: web',
    '(nobody)                                             name: web',
    '(nobody)                                             namespace: default',
    '(nobody)                                             uid: u-1',
    '                                                   spec:',
    'hpa                  Update  2026-11-29T09:05:00Z    replicas: 3',
    '                                                     template:',
    '                                                       spec:',
    '                                                         containers:',
    'platformctl          Apply   2026-11-29T09:00:00Z        - args:',
    'platformctl          Apply   2026-11-29T09:00:00Z          - --port',
    'platformctl          Apply   2026-11-29T09:00:00Z          - "80"',
    'platformctl          Apply   2026-11-29T09:00:00Z          image: nginx:1.27',
    'platformctl          Apply   2026-11-29T09:00:00Z          name: web',
    '(nobody)                                                 dnsPolicy: ClusterFirst',
    '                                                   status:',
    'controller (status)  Update  2026-11-29T09:06:00Z    replicas: 3',
    '',
  ].join('\n'));
});

test('blame --manager and --field', () => {
  const hpa = blameYaml(fieldOwnership(DEPLOYMENT), { manager: 'hpa' }).split('\n').filter(Boolean);
  assert.equal(hpa.length, 2);
  assert.match(hpa[0] ?? '', /^\s+spec:$/);
  assert.match(hpa[1] ?? '', /^hpa\s+Update\s+\S+\s+ {2}replicas: 3$/);
  const image = blameYaml(fieldOwnership(DEPLOYMENT), { field: '.spec.template.spec.containers[0].image' }).split('\n').filter(Boolean);
  assert.deepEqual(image.map((l) => l.trim().split(/\s{2,}/).pop()), ['spec:', 'template:', 'spec:', 'containers:', '- image: nginx:1.27']);
});

test('blame -o json: fields with values and owners', () => {
  const fields = blamedFields(fieldOwnership(DEPLOYMENT), { field: 'spec' });
  assert.deepEqual(fields.map((f) => [f.path, f.value, f.owners.map((o) => o.manager)]), [
    ['spec.replicas', 3, ['hpa']],
    ['spec.template.spec.containers[0]', undefined, ['platformctl']],
    ['spec.template.spec.containers[0].name', 'web', ['platformctl']],
    ['spec.template.spec.containers[0].image', 'nginx:1.27', ['platformctl']],
    ['spec.template.spec.containers[0].args', undefined, ['platformctl']],
    ['spec.template.spec.containers[0].args[0]', '--port', ['platformctl']],
    ['spec.template.spec.containers[0].args[1]', '80', ['platformctl']],
    ['spec.template.spec.dnsPolicy', 'ClusterFirst', []],
  ]);
});
