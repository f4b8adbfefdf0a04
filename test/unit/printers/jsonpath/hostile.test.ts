/**
 * Hostile JSONPath templates: a catastrophic-backtracking `=~` pattern answers in milliseconds
 * (linear-time engine), patterns that need backtracking are refused, deep nesting of filters,
 * parentheses and ranges is an error with the position (not a stack overflow), and indexes beyond
 * 64 bits are not numbers (kubectl's error).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JsonPathError } from '../../../../src/printers/errors.js';
import { compileJsonPath, compileJsonPathSync } from '../../../../src/printers/jsonpath/template.js';

const data = { items: [{ metadata: { name: `${'a'.repeat(30)}!` } }, { metadata: { name: 'aaa' } }] };

test('(a+)+$ against a 30-character name answers in milliseconds', async () => {
  const template = await compileJsonPath('{.items[?(@.metadata.name =~ /(a+)+$/)].metadata.name}');
  const started = performance.now();
  const out = template.execute(data);
  const ms = performance.now() - started;
  process.stdout.write(`# (a+)+$ against a 30-character name: ${ms.toFixed(2)} ms\n`);
  assert.equal(out, 'aaa');
  // A backtracking engine needs about 30 s for 30 characters and doubles with each one more; at 60
  // it would never finish. The bounds leave room for a loaded machine.
  assert.ok(ms < 2000, `took ${ms} ms`);
  const longer = { items: [{ metadata: { name: `${'a'.repeat(60)}!` } }] };
  const startedLonger = performance.now();
  assert.equal(template.execute(longer), '');
  assert.ok(performance.now() - startedLonger < 2000);
  // JavaScript spellings still work: flags and quoted patterns.
  assert.equal((await compileJsonPath("{.items[?(@.metadata.name =~ /^AAA$/i)].metadata.name}")).execute(data), 'aaa');
  assert.equal((await compileJsonPath("{.items[?(@.metadata.name =~ '!$')].metadata.name}")).execute(data), `${'a'.repeat(30)}!`);
});

test('patterns that need backtracking, and unknown flags, are parse errors', async () => {
  await assert.rejects(compileJsonPath('{.items[?(@.metadata.name =~ /(a)\\1/)]}'), (err: unknown) => err instanceof JsonPathError && /invalid regular expression \/\(a\)\\1\//.test(err.message));
  await assert.rejects(compileJsonPath('{.items[?(@.metadata.name =~ /a(?=b)/)]}'), /invalid regular expression/);
  await assert.rejects(compileJsonPath('{.items[?(@.metadata.name =~ /a/x)]}'), /invalid regular expression \/a\/x: invalid flag "x"/);
});

test('deeply nested templates are refused with the position, not a stack overflow', async () => {
  let filters = '@.a';
  for (let i = 0; i < 10_000; i++) filters = `@.a[?(${filters})]`;
  await assert.rejects(compileJsonPath(`{.items[?(${filters})]}`), (err: unknown) => err instanceof JsonPathError && /, nesting deeper than 100 levels at position \d+$/.test(err.message));
  const parens = `{.items[?(${'('.repeat(10_000)}@.a${')'.repeat(10_000)})]}`;
  await assert.rejects(compileJsonPath(parens), /nesting deeper than 100 levels at position \d+$/);
  const ranges = `${'{range .items[*]}'.repeat(10_000)}x${'{end}'.repeat(10_000)}`;
  assert.throws(() => compileJsonPathSync(ranges), /nesting deeper than 100 levels at position \d+$/);
  // A hundred levels are fine.
  const ok = `${'{range .items[*]}'.repeat(3)}{.metadata.name} ${'{end}'.repeat(3)}`;
  assert.equal(compileJsonPathSync(ok).execute({ items: [{ metadata: { name: 'x' }, items: [{ metadata: { name: 'y' }, items: [{ metadata: { name: 'z' } }] }] }] }), 'z ');
});

test('an index beyond 64 bits is not a number; one inside is out of bounds, as in kubectl', () => {
  assert.throws(() => compileJsonPathSync('{.items[-99999999999999999999]}'), (err: unknown) => err instanceof JsonPathError && err.message === 'error parsing jsonpath {.items[-99999999999999999999]}, array index -99999999999999999999 is not a number at position 30');
  assert.throws(() => compileJsonPathSync('{.items[-9223372036854775808]}').execute(data), /array index out of bounds: index -9223372036854775806, length 2/);
});
