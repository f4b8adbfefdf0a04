import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CustomColumnsPrinter, parseCustomColumnsSpec, parseCustomColumnsTemplate } from '../../../../src/printers/output/custom-columns.js';
import { PrinterError } from '../../../../src/printers/errors.js';

function error(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    assert.ok(err instanceof PrinterError, `not a PrinterError: ${String(err)}`);
    return err.message;
  }
  assert.fail('no error');
}

test('custom-columns specs are relaxed paths and bad specs name the part', () => {
  assert.deepEqual(parseCustomColumnsSpec('NAME:.metadata.name,NS:metadata.namespace,UID:{.metadata.uid},X:{metadata.x}'), [
    { header: 'NAME', fieldSpec: '{.metadata.name}' },
    { header: 'NS', fieldSpec: '{.metadata.namespace}' },
    { header: 'UID', fieldSpec: '{.metadata.uid}' },
    { header: 'X', fieldSpec: '{.metadata.x}' },
  ]);
  assert.deepEqual(parseCustomColumnsSpec('A:b:c'), [{ header: 'A', fieldSpec: '{.b:c}' }]);
  assert.equal(error(() => parseCustomColumnsSpec('')), 'custom-columns format specified but no custom columns given');
  assert.equal(error(() => parseCustomColumnsSpec('NAME')), 'unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>');
  assert.equal(error(() => parseCustomColumnsSpec('NAME:.a,BAD')), 'unexpected custom-columns spec: BAD, expected <header>:<json-path-expr>');
  assert.equal(
    error(() => parseCustomColumnsSpec('N:{.a}{.b}')),
    "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'",
  );
  assert.equal(error(() => parseCustomColumnsSpec('NAME:.items[')), 'unterminated array at position 9 in column NAME (NAME:.items[)');
  assert.equal(error(() => parseCustomColumnsSpec('N:.a[?(@.b==1]')), 'unterminated filter at position 14 in column N (N:.a[?(@.b==1])');
});

test('custom-columns files: a header line and a spec line of the same length', () => {
  assert.deepEqual(parseCustomColumnsTemplate('NAME   AGE\n.metadata.name  {.metadata.creationTimestamp}\n'), [
    { header: 'NAME', fieldSpec: '{.metadata.name}' },
    { header: 'AGE', fieldSpec: '{.metadata.creationTimestamp}' },
  ]);
  assert.match(error(() => parseCustomColumnsTemplate('')), /^invalid template, missing header line\./);
  assert.match(error(() => parseCustomColumnsTemplate('NAME')), /^invalid template, missing spec line\./);
  assert.equal(error(() => parseCustomColumnsTemplate('A B\n.a\n')), "number of headers (2) and field specifications (1) don't match");
});

test('custom columns print <none>, comma-joined values, Go values and escaped control characters', () => {
  const printer = new CustomColumnsPrinter(parseCustomColumnsSpec('NAME:.metadata.name,TAGS:.tags[*],ESC:.esc,N:.n,NIL:.nil'));
  printer.print({ apiVersion: 'v1', kind: 'List', items: [{ metadata: { name: 'a' }, tags: ['x', 'y'], esc: 'a\x1b[0m\rb', n: 1.5, nil: null }, { metadata: {} }] });
  assert.equal(printer.finish(), 'NAME     TAGS     ESC         N        NIL\na        x,y      a^[[0m\\rb   1.5      <nil>\n<none>   <none>   <none>      <none>   <none>\n');
  const events = new CustomColumnsPrinter(parseCustomColumnsSpec('TYPE:.type,NAME:.object.metadata.name'), { noHeaders: true });
  events.printEvent({ type: 'ADDED', object: { metadata: { name: 'w' } } });
  assert.equal(events.finish(), 'ADDED   w\n');
});
