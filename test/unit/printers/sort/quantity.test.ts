import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sortObjects } from '../../../../src/printers/sort/sorter.js';
import { sortValueLess } from '../../../../src/printers/sort/sort-values.js';
import { PrinterError } from '../../../../src/printers/errors.js';

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
