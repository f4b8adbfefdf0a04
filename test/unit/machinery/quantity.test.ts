// Resource quantities as the API server stores them: a table of the canonical forms Kubernetes
// documents for resource.Quantity (its String() and ParseQuantity tables), the texts it keeps as
// written, rounding, the binary cap, JSON numbers, and its three parse errors.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalQuantity } from '../../../src/machinery/quantity/format.js';
import { QUANTITY_ERRORS, numberText, parseQuantity } from '../../../src/machinery/quantity/parse.js';

/** Written → stored. */
const CANONICAL: readonly (readonly [string, string])[] = [
  // Binary SI: factors of 1024 move into the suffix; values under 1024 or with fractions go decimal.
  ['1024Mi', '1Gi'], ['307200Ki', '300Mi'], ['1025024Mi', '1001Gi'], ['1024Gi', '1Ti'], ['1.5Gi', '1536Mi'], ['0.5Gi', '512Mi'],
  ['1000Mi', '1000Mi'], ['0.5Ki', '512'], ['.001Ki', '1024m'], ['.000001Ki', '1024u'], ['.000000001Ki', '1024n'],
  ['.000000000001Ki', '2n'], ['-1024Mi', '-1Gi'], ['-.001Ki', '-1024m'], ['9Ei', '9223372036854775807'],
  // Decimal SI: an integer mantissa and an exponent that is a multiple of three.
  ['0.5', '500m'], ['1.0', '1'], ['5000m', '5'], ['1000', '1k'], ['1000M', '1G'], ['0.001T', '1G'], ['1000u', '1m'], ['1.08', '1080m'],
  ['1080000000n', '1080m'], ['1.5k', '1500'], ['1500', '1500'], ['2000m', '2'], ['00', '0'], ['-0', '0'], ['0.0000000001', '1n'],
  ['-0.0000000001', '-1n'], ['999999999999999999.1', '999999999999999999100m'], ['1000000000000000000', '1E'], ['-1.0E', '-1E'],
  ['9999999999999999999.0', '9999999999999999999'], ['10000000000000000000', '10E'], ['1.0000000000000000001E', '1000000000000000000100m'],
  ['1.000000000000000001E', '1000000000000000001'], ['9999999999999999999', '9999999999999999999'],
  // Decimal exponent.
  ['.001e12', '1e9'], ['0.001e0', '1e-3'], ['1000e-12', '1e-9'], ['1.5e3', '1500'], ['1000e3', '1e6'], ['2.5E3', '2500'],
  // Surrounding spaces are trimmed, as UnmarshalJSON trims them.
  [' 1024Mi ', '1Gi'],
];

/** Texts the parser keeps exactly as written. */
const KEPT = [
  '0', '1Ki', '1Mi', '1Gi', '6Ki', '100Mi', '300Mi', '1001Gi', '1Ti', '5', '500m', '1G', '1m', '80m', '1080m', '300M', '1T', '1234567M', '3k',
  '1025', '1e9', '1e-3', '1e-9', '80e-3', '300e6', '1e12', '1e3', '3e3', '12e6', '100e3', '1n', '80n', '1080n', '1u', '80u', '1080u',
  '999999999999999999', '-999999999999999999', '+1Gi', '-5', '128974848', '129e6', '123Mi',
];

describe('resource quantities', () => {
  test('written forms become the canonical form a real server stores', () => {
    for (const [written, stored] of CANONICAL) assert.deepEqual(canonicalQuantity(written), { value: stored }, written);
  });

  test('texts already in canonical form are kept as written', () => {
    for (const text of KEPT) assert.deepEqual(canonicalQuantity(text), { value: text }, text);
  });

  test('JSON numbers: read as Go reads their literal, stored as strings', () => {
    assert.deepEqual(canonicalQuantity(0.5), { value: '500m' });
    assert.deepEqual(canonicalQuantity(2), { value: '2' });
    assert.deepEqual(canonicalQuantity(1000), { value: '1k' });
    assert.deepEqual(canonicalQuantity(1.5), { value: '1500m' });
    assert.deepEqual(canonicalQuantity(-3), { value: '-3' });
    assert.deepEqual(canonicalQuantity(1e-7), { value: '100n' });
    assert.equal(numberText(1e-7), '0.0000001');
    assert.equal(numberText(1.5e-7), '0.00000015');
    assert.equal(numberText(1e21), '1000000000000000000000');
    assert.equal(numberText(1.25e22), '12500000000000000000000');
    assert.equal(numberText(-2.5e-8), '-0.000000025');
  });

  test('formats: binary, decimal SI and exponent are told apart; a fraction of a binary unit is decimal', () => {
    const format = (text: string): string => {
      const q = parseQuantity(text);
      return 'error' in q ? q.error : q.format;
    };
    assert.equal(format('1Gi'), 'BinarySI');
    assert.equal(format('1G'), 'DecimalSI');
    assert.equal(format('1'), 'DecimalSI');
    assert.equal(format('1e3'), 'DecimalExponent');
    assert.equal(format('1E3'), 'DecimalExponent');
    assert.equal(format('1E'), 'DecimalSI');
    assert.equal(format('.5Ki'), 'BinarySI');
    assert.equal(format('.0001Ki'), 'DecimalSI');
  });

  test('malformed quantities get the API server\'s three messages', () => {
    for (const text of ['', 'abc', '1.2.3', '1x', '1 Gi', '0x10', 'true', '{}']) assert.deepEqual(canonicalQuantity(text), { error: QUANTITY_ERRORS.format }, JSON.stringify(text));
    // A second sign is read as the start of a suffix.
    for (const text of ['1K', '1ki', '1e', '1Mi5', '1mi', '1EE', '--1']) assert.deepEqual(canonicalQuantity(text), { error: QUANTITY_ERRORS.suffix }, text);
    assert.equal(QUANTITY_ERRORS.format, "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  });
});
