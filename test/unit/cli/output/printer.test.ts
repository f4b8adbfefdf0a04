/** printerFor: the -o flags turned into printers, for get-like and write commands. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FlagValues } from '../../../../src/cli/framework/flag-values.js';
import type { FlagSpec } from '../../../../src/cli/framework/spec.js';
import { parseCommandLine } from '../../../support/parse-command-line.js';
import { OBJECT_OUTPUT_FLAGS, outputFlags } from '../../../../src/cli/output/flags.js';
import { printerFor } from '../../../../src/cli/output/printer.js';
import type { KubeObject } from '../../../../src/sdk/types/meta.js';

const cm = (name: string, extra: Partial<KubeObject> = {}): KubeObject => ({
  apiVersion: 'v1', kind: 'ConfigMap',
  metadata: { name, namespace: 'default', creationTimestamp: '2025-12-31T23:00:00Z', managedFields: [{ manager: 'm' }] },
  data: { k: name.length },
  ...extra,
});

const context = { cwd: '/', now: () => new Date('2026-01-01T00:00:00Z') };

function flagsOf(specs: readonly FlagSpec[], argv: string[]): FlagValues {
  return parseCommandLine(argv, specs).flags;
}

test('object formats: json, yaml, name, jsonpath; one object alone or a List', async () => {
  const json = await printerFor(flagsOf(outputFlags, ['-o', 'json']), context, { human: true });
  assert.ok(json !== undefined && !json.humanReadable);
  assert.equal(json.printObjects([cm('a')], true), '{\n    "apiVersion": "v1",\n    "data": {\n        "k": 1\n    },\n    "kind": "ConfigMap",\n    "metadata": {\n        "creationTimestamp": "2025-12-31T23:00:00Z",\n        "name": "a",\n        "namespace": "default"\n    }\n}\n');
  assert.match(json.printObjects([cm('a')], false), /^\{\n {4}"apiVersion": "v1",\n {4}"items": \[/);
  assert.equal(json.printEvent({ type: 'ADDED', object: cm('a') }), '{"type":"ADDED","object":{"apiVersion":"v1","data":{"k":1},"kind":"ConfigMap","metadata":{"creationTimestamp":"2025-12-31T23:00:00Z","name":"a","namespace":"default"}}}\n');

  const yaml = await printerFor(flagsOf(outputFlags, ['-o', 'yaml', '--show-managed-fields']), context, { human: true });
  assert.ok(yaml !== undefined);
  assert.match(yaml.printObjects([cm('a')], true), /managedFields:\n {2}- manager: m\n/);
  assert.equal(yaml.printStreamed(cm('a')).startsWith('apiVersion: v1\n'), true);
  assert.equal(yaml.printStreamed(cm('b')).startsWith('---\napiVersion: v1\n'), true);

  const name = await printerFor(flagsOf(outputFlags, ['-o', 'name']), context, { human: true });
  assert.equal(name?.printObjects([cm('a'), cm('b')], false), 'configmap/a\nconfigmap/b\n');

  const sorted = await printerFor(flagsOf(outputFlags, ['-o', 'jsonpath={.items[*].metadata.name}', '--sort-by', '{.data.k}']), context, { human: true });
  assert.equal(sorted?.printObjects([cm('ccc'), cm('a'), cm('bb')], false), 'a bb ccc');
  assert.equal(sorted?.sortBy, '{.data.k}');

  const events = await printerFor(flagsOf(outputFlags, ['-o', 'jsonpath={.type} {.object.metadata.name}{"\\n"}']), context, { human: true });
  assert.equal(events?.printEvent({ type: 'DELETED', object: cm('x') }), 'DELETED x\n');
});

test('custom columns (inline and file), and the table options of human output', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-output-'));
  try {
    await writeFile(join(dir, 'cols'), 'NAME   KEY\n.metadata.name .data.k\n');
    const inline = await printerFor(flagsOf(outputFlags, ['-o', 'custom-columns=NAME:.metadata.name,KEY:.data.k']), { ...context, cwd: dir }, { human: true });
    assert.equal(inline?.printObjects([cm('a'), cm('bbbbbb')], false), 'NAME     KEY\na        1\nbbbbbb   6\n');
    assert.equal(inline?.printObjects([], false), '');
    const file = await printerFor(flagsOf(outputFlags, ['-o', 'custom-columns-file=cols', '--no-headers']), { ...context, cwd: dir }, { human: true });
    assert.equal(file?.printObjects([cm('a')], false), 'NAME   KEY\na      1\n', 'kubectl ignores --no-headers for the file form');
    await assert.rejects(printerFor(flagsOf(outputFlags, ['-o', 'custom-columns-file=missing']), { ...context, cwd: dir }, { human: true }), /error reading template missing, open missing: no such file or directory/);

    const wide = await printerFor(flagsOf(outputFlags, ['-o', 'wide', '--show-labels', '-L', 'a,b', '-L', 'c', '--no-headers', '--show-kind']), context, { human: true });
    assert.ok(wide?.humanReadable);
    assert.deepEqual(wide.table, { wide: true, noHeaders: true, showLabels: true, columnLabels: ['a', 'b', 'c'], withKind: true });
    const table = await printerFor(flagsOf(outputFlags, []), context, { human: true });
    assert.equal(table?.format, 'table');
    assert.equal(table?.printObjects([cm('a')], false), 'NAME   AGE\na      60m\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('write commands: no -o means no printer; only object formats; kubectl errors', async () => {
  assert.equal(await printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, []), context, { human: false }), undefined);
  const name = await printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['-o', 'name']), context, { human: false });
  assert.equal(name?.printObjects([cm('a')], true), 'configmap/a\n');
  await assert.rejects(printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['-o', 'wide']), context, { human: false }), /unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml/);
  await assert.rejects(printerFor(flagsOf(outputFlags, ['-o', 'jsonpath']), context, { human: true }), /template format specified but no template given/);
  await assert.rejects(printerFor(flagsOf(outputFlags, ['-o', 'jsonpath={.a[}']), context, { human: true }), /error parsing jsonpath \{\.a\[\}, unterminated array at position 5/);
  await assert.rejects(printerFor(flagsOf(outputFlags, ['-o', 'custom-columns=NAME']), context, { human: true }), /unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>/);
  const strict = await printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['-o', 'jsonpath={.nope}', '--allow-missing-template-keys=false']), context, { human: false });
  assert.throws(() => strict?.printObjects([cm('a')], true), /nope is not found/);
});
