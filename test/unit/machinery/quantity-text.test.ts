// Quantities as clients read them out of objects: compared by value across suffixes, shown as
// Quantity.String() shows them, their whole and milli values, and sums.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ZERO_QUANTITY, compareQuantities } from '../../../src/machinery/quantity/arithmetic.js';
import { tryParseQuantity } from '../../../src/machinery/quantity/parse.js';
import { QuantitySum, quantityString, quantityValue } from '../../../src/machinery/quantity/text.js';

test('quantities compare by value across suffixes', () => {
  const ordered = ['-1', '0', '1n', '1u', '100m', '0.5', '1', '1.5', '2', '1k', '1Ki', '1e3', '1M', '1Mi', '1G', '1Gi', '2Ti', '1E', '1Ei'];
  const sorted = [...ordered].reverse().sort((a, b) => compareQuantities(tryParseQuantity(a) ?? ZERO_QUANTITY, tryParseQuantity(b) ?? ZERO_QUANTITY));
  // 1k = 1e3 compare equal; the stable sort keeps their (reversed) input order.
  assert.deepEqual(sorted, ['-1', '0', '1n', '1u', '100m', '0.5', '1', '1.5', '2', '1e3', '1k', '1Ki', '1M', '1Mi', '1G', '1Gi', '2Ti', '1E', '1Ei']);
  for (const bad of ['', 'abc', '1.5.5', '1ki', '1e', '--1']) assert.equal(tryParseQuantity(bad), undefined, bad);
  // Go's parser reads a missing number as 0, so these are quantities (zero), as kubectl sorts them.
  for (const zero of ['Mi', '.', '+']) assert.equal(tryParseQuantity(zero)?.unscaled, 0n, zero);
});

test('canonical quantity text as the API prints it', () => {
  const cases: [string, string][] = [
    ['1000m', '1'], ['0.5', '500m'], ['1500m', '1500m'], ['2048Mi', '2Gi'], ['1536Mi', '1536Mi'], ['1.5Gi', '1536Mi'], ['1000', '1k'],
    ['12e6', '12e6'], ['1e3', '1e3'], ['0', '0'], ['0.0001', '100u'], ['0.1Ki', '102400m'], ['100Ki', '100Ki'], ['1024', '1024'],
    ['134217728', '134217728'], ['16318000Ki', '16318000Ki'], ['3800m', '3800m'], ['-2', '-2'], ['not-a-quantity', 'not-a-quantity'],
  ];
  for (const [input, text] of cases) assert.equal(quantityString(input), text, input);
  assert.equal(quantityValue('1500m'), 2n);
  assert.equal(quantityValue('1500m', true), 1500n);
  const sum = new QuantitySum();
  for (const q of ['64Mi', '70Mi']) sum.add(q);
  assert.equal(sum.toString(), '134Mi');
});

