import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QuantitySum, compareQuantities, formatQuantity, parseQuantity, quantityValue } from '../../../../src/printers/sort/quantity.js';
import { sortObjects } from '../../../../src/printers/sort/sorter.js';
import { sortValueLess } from '../../../../src/printers/sort/sort-values.js';
import { PrinterError } from '../../../../src/printers/errors.js';

test('quantities compare by value across suffixes', () => {
  const ordered = ['-1', '0', '1n', '1u', '100m', '0.5', '1', '1.5', '2', '1k', '1Ki', '1e3', '1M', '1Mi', '1G', '1Gi', '2Ti', '1E', '1Ei'];
  const sorted = [...ordered].reverse().sort((a, b) => compareQuantities(parseQuantity(a) ?? { numerator: 0n, denominator: 1n }, parseQuantity(b) ?? { numerator: 0n, denominator: 1n }));
  // 1k = 1e3 compare equal; the stable sort keeps their (reversed) input order.
  assert.deepEqual(sorted, ['-1', '0', '1n', '1u', '100m', '0.5', '1', '1.5', '2', '1e3', '1k', '1Ki', '1M', '1Mi', '1G', '1Gi', '2Ti', '1E', '1Ei']);
  for (const bad of ['', 'abc', '1.5.5', '1ki', '1e', 'Mi', '.', '--1']) assert.equal(parseQuantity(bad), undefined, bad);
});

test('canonical quantity text as the API prints it', () => {
  const cases: [string, string][] = [
    ['1000m', '1'], ['0.5', '500m'], ['1500m', '1500m'], ['2048Mi', '2Gi'], ['1536Mi', '1536Mi'], ['1.5Gi', '1536Mi'], ['1000', '1k'],
    ['12e6', '12e6'], ['1e3', '1e3'], ['0', '0'], ['0.0001', '100u'], ['0.1Ki', '102400m'], ['100Ki', '100Ki'], ['1024', '1024'],
    ['134217728', '134217728'], ['16318000Ki', '16318000Ki'], ['3800m', '3800m'], ['-2', '-2'], ['not-a-quantity', 'not-a-quantity'],
  ];
  for (const [input, text] of cases) assert.equal(formatQuantity(input), text, input);
  assert.equal(quantityValue('1500m'), 2n);
  assert.equal(quantityValue('1500m', true), 1500n);
  const sum = new QuantitySum();
  for (const q of ['64Mi', '70Mi']) sum.add(q);
  assert.equal(sum.toString(), '134Mi');
});

test('--sort-by compares numbers, quantities and strings as kubectl does', () => {
  assert.equal(sortValueLess('100m', '1'), true);
  assert.equal(sortValueLess('1Ki', '1M'), true);
  assert.equal(sortValueLess('pod-10', 'pod-9'), true);
  assert.equal(sortValueLess('2023-12-31T23:00:00Z', '2024-01-01T00:00:00Z'), true);
  assert.equal(sortValueLess(null, 'a'), true);
  assert.equal(sortValueLess(2, 10), true);
  assert.throws(() => sortValueLess({}, {}), /unsortable type: map\[string\]interface \{\}/);
  assert.throws(() => sortValueLess(true, false), /unsortable type: bool/);
  assert.throws(() => sortValueLess(1, 'a'), /unsortable interface/);
});

test('sortObjects is stable, puts objects without the field first, and errors when no object has it', () => {
  const o = (name: string, cpu?: string) => ({ metadata: { name }, ...(cpu ? { spec: { cpu } } : {}) });
  const objects = [o('a', '1'), o('b'), o('c', '100m'), o('d', '1'), o('e'), o('f', '1Ki')];
  assert.deepEqual(sortObjects(objects, '.spec.cpu').map((x) => x.metadata.name), ['b', 'e', 'c', 'a', 'd', 'f']);
  assert.deepEqual(sortObjects(objects, '{.metadata.name}').map((x) => x.metadata.name), ['a', 'b', 'c', 'd', 'e', 'f']);
  assert.throws(() => sortObjects(objects, '.nope'), (err: unknown) => err instanceof PrinterError && err.message === `couldn't find any field with path "{.nope}" in the list of objects`);
  assert.throws(() => sortObjects(objects, '{.spec}'), /Field \{\.spec\} is an unsortable type: interface, err: unsortable type: map\[string\]interface \{\}/);
  assert.deepEqual(sortObjects([], '.x'), []);
});
