import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileJsonPath, compileJsonPathSync, parseJsonPath } from '../../../../src/printers/jsonpath/template.js';
import { relaxedJsonPathExpression } from '../../../../src/printers/jsonpath/relaxed.js';
import { JsonPathError, PrinterError } from '../../../../src/printers/errors.js';
import { jsonPathCases, jsonPathObject } from '../support/jsonpath-cases.js';

test('recursive descent through jsonpath-plus finds what our own walker finds, in the same order', async () => {
  const templates = jsonPathCases.map((c) => c.template).filter((t) => t.includes('..'));
  assert.ok(templates.length >= 10);
  for (const template of templates) {
    const run = (f: () => string): string => {
      try {
        return f();
      } catch (err) {
        return `error: ${(err as Error).message}`;
      }
    };
    let viaPlus: string;
    try {
      const t = await compileJsonPath(template);
      viaPlus = run(() => t.execute(jsonPathObject));
    } catch (err) {
      viaPlus = `error: ${(err as Error).message}`;
    }
    const own = run(() => compileJsonPathSync(template).execute(jsonPathObject));
    assert.equal(viaPlus, own, template);
  }
});

test('errors are JsonPathErrors that name the template and the position', () => {
  assert.throws(
    () => parseJsonPath('{.items[}'),
    (err: unknown) =>
      err instanceof JsonPathError && err instanceof PrinterError && err.position === 9 && err.template === '{.items[}' &&
      err.message === 'error parsing jsonpath {.items[}, unterminated array at position 9',
  );
  const t = compileJsonPathSync('{.a}{.b}', { allowMissingKeys: false });
  assert.throws(() => t.execute({ a: 1 }), (err: unknown) => err instanceof JsonPathError && err.message === 'error executing jsonpath "{.a}{.b}": Error executing template: b is not found');
  // Execution errors stay on one line even when a quoted value has line breaks.
  assert.throws(() => compileJsonPathSync('{.a[?(@.x)]}').execute({ a: { x: 'multi\nline' } }), /map\[x:multi\\nline\] is not array or slice and cannot be filtered$/);
});

test('a compiled template can be run on many objects; range state does not leak between runs', () => {
  const t = compileJsonPathSync('{range .items[*]}{.n},{end};');
  assert.equal(t.execute({ items: [{ n: 1 }, { n: 2 }] }), '1,2,;');
  assert.equal(t.execute({ items: [] }), ';');
  assert.equal(t.execute({ items: [{ n: 3 }] }), '3,;');
  assert.deepEqual(compileJsonPathSync('{.a}{"x"}').findResults({ a: [1] }), [[[1]], ['x']]);
});

test('relaxed paths for --sort-by and custom columns', () => {
  for (const [input, output] of [['metadata.name', '{.metadata.name}'], ['.metadata.name', '{.metadata.name}'], ['{metadata.name}', '{.metadata.name}'], ['{.metadata.name}', '{.metadata.name}'], ['', ''], ['[0].a', '{.[0].a}']]) {
    assert.equal(relaxedJsonPathExpression(input as string), output);
  }
  assert.throws(() => relaxedJsonPathExpression('{.a}{.b}'), /^PrinterError: unexpected path string/);
});
