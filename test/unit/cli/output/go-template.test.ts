/** printerFor with the Go template formats: -o go-template|go-template-file|template|templatefile and --template. */
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
import { GoTemplateError } from '../../../../src/printers/errors.js';
import type { KubeObject } from '../../../../src/sdk/types/meta.js';

const cm = (name: string, n: number): KubeObject => ({
  apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default', managedFields: [{ manager: 'm' }] }, data: { n },
});

const context = { cwd: '/', now: () => new Date('2026-01-01T00:00:00Z') };

function flagsOf(specs: readonly FlagSpec[], argv: string[]): FlagValues {
  return parseCommandLine(argv, specs).flags;
}

test('go-template and template print one object, a List of several, streamed objects and watch events', async () => {
  for (const format of ['go-template', 'template']) {
    const p = await printerFor(flagsOf(outputFlags, ['-o', `${format}={{.metadata.name}}:{{.data.n}} `]), context, { human: true });
    assert.ok(p !== undefined && !p.humanReadable);
    assert.equal(p.format, format);
    assert.equal(p.printObjects([cm('a', 1)], true), 'a:1 ');
    assert.equal(p.printStreamed(cm('b', 2)), 'b:2 ');
  }
  const list = await printerFor(flagsOf(outputFlags, ['-o', 'go-template={{.kind}} {{range .items}}{{.metadata.name}},{{end}} {{.metadata}}']), context, { human: true });
  assert.equal(list?.printObjects([cm('a', 1), cm('b', 2)], false), 'List a,b, map[resourceVersion:]');
  const sorted = await printerFor(flagsOf(outputFlags, ['-o', 'go-template={{range .items}}{{.metadata.name}}{{end}}', '--sort-by', '{.data.n}']), context, { human: true });
  assert.equal(sorted?.printObjects([cm('c', 3), cm('a', 1), cm('b', 2)], false), 'abc');
  const events = await printerFor(flagsOf(outputFlags, ['-o', 'go-template={{.type}} {{.object.metadata.name}}{{"\\n"}}']), context, { human: true });
  assert.equal(events?.printEvent({ type: 'MODIFIED', object: cm('x', 1) }), 'MODIFIED x\n');
  // Templates see managedFields, as kubectl's do.
  const managed = await printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['-o', 'go-template={{len .metadata.managedFields}}']), context, { human: false });
  assert.equal(managed?.printObjects([cm('a', 1)], true), '1');
});

test('--template gives the template; alone it means -o go-template; with it -o names a format only', async () => {
  const p = await printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['-o', 'template', '--template', '{{.metadata.name}}']), context, { human: false });
  assert.equal(p?.printObjects([cm('a', 1)], true), 'a');
  const alone = await printerFor(flagsOf(outputFlags, ['--template', '{{.metadata.name}}']), context, { human: true });
  assert.equal(alone?.format, 'go-template');
  assert.equal(alone?.humanReadable, false);
  assert.equal(alone?.printObjects([cm('a', 1)], true), 'a');
  const write = await printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['--template', '{{.kind}}']), context, { human: false });
  assert.equal(write?.printObjects([cm('a', 1)], true), 'ConfigMap');
  const jsonpath = await printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['-o', 'jsonpath', '--template', '{.kind}']), context, { human: false });
  assert.equal(jsonpath?.printObjects([cm('a', 1)], true), 'ConfigMap');
  const json = await printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['-o', 'json', '--template', '{{.kind}}']), context, { human: false });
  assert.equal(json?.format, 'json');
  await assert.rejects(
    printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['-o', 'go-template={{.kind}}', '--template', '{{.metadata.name}}']), context, { human: false }),
    /^UsageError: unable to match a printer suitable for the output format "go-template=\{\{\.kind\}\}", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml$/,
  );
  await assert.rejects(printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['-o', 'go-template']), context, { human: false }), /template format specified but no template given/);
  await assert.rejects(printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['-o', 'go-template=']), context, { human: false }), /template format specified but no template given/);
});

test('go-template-file and templatefile read the template in the CLI, relative to the working directory', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-gotemplate-'));
  try {
    await writeFile(join(dir, 't.tmpl'), '{{range .items}}{{.metadata.name}}\n{{end}}');
    const file = await printerFor(flagsOf(outputFlags, ['-o', 'go-template-file=t.tmpl']), { ...context, cwd: dir }, { human: true });
    assert.equal(file?.printObjects([cm('a', 1), cm('b', 2)], false), 'a\nb\n');
    const flag = await printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['-o', 'templatefile', '--template', 't.tmpl']), { ...context, cwd: dir }, { human: false });
    assert.equal(flag?.printObjects([cm('a', 1), cm('b', 2)], false), 'a\nb\n');
    await assert.rejects(
      printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['-o', 'go-template-file=nope.tmpl']), { ...context, cwd: dir }, { human: false }),
      /error reading --template nope.tmpl, open nope.tmpl: no such file or directory/,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('template errors: parse errors at printer creation; execution errors write the output so far and the report to stdout', async () => {
  await assert.rejects(
    printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['-o', 'go-template={{.x}']), context, { human: false }),
    (err: unknown) => err instanceof GoTemplateError && err.message === "error parsing template {{.x}, template: output:1: bad character U+007D '}'",
  );
  let stdout = '';
  const p = await printerFor(flagsOf(OBJECT_OUTPUT_FLAGS, ['-o', 'go-template={{.metadata.name}} {{.data.n.x}}']), { ...context, stdout: { write: (t: string) => { stdout += t; } } }, { human: false });
  assert.throws(
    () => p?.printObjects([cm('a', 1)], true),
    (err: unknown) => err instanceof GoTemplateError && err.message === 'error executing template "{{.metadata.name}} {{.data.n.x}}": template: output:1:26: executing "output" at <.data.n.x>: can\'t evaluate field x in type interface {}',
  );
  assert.ok(stdout.startsWith('a Error executing template: template: output:1:26: executing "output" at <.data.n.x>: can\'t evaluate field x in type interface {}. Printing more information for debugging the template:\n'), stdout);
  assert.match(stdout, /\traw data was:\n\t\t\{"apiVersion":"v1","data":\{"n":1\},"kind":"ConfigMap","metadata":\{"managedFields":\[\{"manager":"m"\}\],"name":"a","namespace":"default"\}\}\n/);
  const strict = await printerFor(flagsOf(outputFlags, ['-o', 'go-template={{.nope}}', '--allow-missing-template-keys=false']), context, { human: true });
  assert.throws(() => strict?.printObjects([cm('a', 1)], true), /map has no entry for key "nope"/);
  const lenient = await printerFor(flagsOf(outputFlags, ['-o', 'go-template={{.nope}}']), context, { human: true });
  assert.equal(lenient?.printObjects([cm('a', 1)], true), '<no value>');
});
