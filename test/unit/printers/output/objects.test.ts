import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatName } from '../../../../src/printers/output/name.js';
import { printJson, printWatchEventJson, printYaml, YamlDocumentPrinter } from '../../../../src/printers/output/json-yaml.js';
import { objectOrList, omitManagedFields, toListObject } from '../../../../src/printers/output/lists.js';
import { PrinterError } from '../../../../src/printers/errors.js';

const crd = { apiVersion: 'apiextensions.platform.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' } };
const mf = [{ manager: 'platformctl', operation: 'Apply' as const }];
const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', managedFields: mf }, data: { a: '1' } };

test('-o name prints kind.group/name with the platform.io groups', () => {
  assert.equal(formatName(crd), 'customresourcedefinition.apiextensions.platform.io/widgets.example.com\n');
  assert.equal(formatName({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } }), 'deployment.apps/web\n');
  assert.equal(formatName({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'foo' } }, { operation: 'created' }), 'configmap/foo created\n');
  assert.equal(formatName(toListObject([crd, cm])), 'customresourcedefinition.apiextensions.platform.io/widgets.example.com\nconfigmap/c\n');
  assert.throws(() => formatName({ metadata: { name: 'x' } }), (err: unknown) => err instanceof PrinterError && err.message === 'missing kind for resource with name x');
});

test('one object prints as itself, several as a kind: List', () => {
  assert.equal(objectOrList([cm], true), cm);
  assert.deepEqual(objectOrList([cm], false), { apiVersion: 'v1', items: [cm], kind: 'List', metadata: { resourceVersion: '' } });
  assert.equal(printJson(toListObject([])), '{\n    "apiVersion": "v1",\n    "items": [],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n');
  assert.equal(printYaml(toListObject([])), 'apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n');
  assert.throws(() => printJson({ metadata: { name: 'x' } }), /^PrinterError: missing apiVersion or kind/);
});

test('managedFields are hidden unless asked for, and the input is not changed', () => {
  assert.doesNotMatch(printJson(cm), /managedFields/);
  assert.match(printJson(cm, { showManagedFields: true }), /managedFields/);
  assert.doesNotMatch(printYaml(toListObject([cm])), /managedFields/);
  assert.deepEqual(omitManagedFields(cm), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '1' } });
  assert.equal(cm.metadata.managedFields, mf);
});

test('watch events: one JSON line each, YAML documents separated by ---', () => {
  assert.equal(printWatchEventJson({ type: 'ADDED', object: cm }), '{"type":"ADDED","object":{"apiVersion":"v1","data":{"a":"1"},"kind":"ConfigMap","metadata":{"name":"c"}}}\n');
  const yaml = new YamlDocumentPrinter();
  assert.equal(yaml.printEvent({ type: 'ADDED', object: cm }), 'object:\n  apiVersion: v1\n  data:\n    a: "1"\n  kind: ConfigMap\n  metadata:\n    name: c\ntype: ADDED\n');
  assert.equal(yaml.print({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'd' } }), '---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d\n');
});
