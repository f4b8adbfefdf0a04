/**
 * Field selectors (machinery/fields/selector.ts): the query-string form as the API server parses
 * it, matching, and selectors written with their values escaped as both sides build them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeFieldValue, matchesFields, oneTermEqualSelector, parseFieldSelector } from '../../../src/machinery/fields/selector.js';
import { SelectorParseError } from '../../../src/machinery/labels/parse.js';

test('=, == and != with the escape rules of apimachinery\'s fields', () => {
  assert.deepEqual(parseFieldSelector('metadata.name=a,status.phase!=Running,spec.nodeName==n1').requirements, [
    { field: 'metadata.name', op: '=', value: 'a' },
    { field: 'status.phase', op: '!=', value: 'Running' },
    { field: 'spec.nodeName', op: '=', value: 'n1' },
  ]);
  assert.deepEqual(parseFieldSelector('a=x\\,y\\=z\\\\').requirements, [{ field: 'a', op: '=', value: 'x,y=z\\' }]);
  assert.deepEqual(parseFieldSelector('  ').requirements, []);
  const refused = (input: string, message: string): void => {
    assert.throws(() => parseFieldSelector(input), (e: unknown) => e instanceof SelectorParseError && e.message === message, input);
  };
  refused('a', "invalid selector: 'a'; can't understand 'a'");
  refused('a=b=c', 'invalid field selector: unescaped = in value');
  refused('a=b\\x', 'invalid field selector: invalid escape sequence: \\x');
});

test('matching', () => {
  const selector = parseFieldSelector('metadata.name=a,status.phase!=Failed');
  const fields = (values: Record<string, string>) => (name: string): string => values[name] ?? '';
  assert.equal(matchesFields(selector, fields({ 'metadata.name': 'a', 'status.phase': 'Running' })), true);
  assert.equal(matchesFields(selector, fields({ 'metadata.name': 'a', 'status.phase': 'Failed' })), false);
  assert.equal(matchesFields(selector, fields({ 'metadata.name': 'b' })), false);
});

test('a selector written with its value escaped reads back as the same value', () => {
  assert.equal(escapeFieldValue('a,b=c\\d'), 'a\\,b\\=c\\\\d');
  assert.equal(oneTermEqualSelector('metadata.name', 'web'), 'metadata.name=web');
  for (const value of ['plain', 'a,b', 'x=y', 'back\\slash', '']) {
    assert.deepEqual(parseFieldSelector(oneTermEqualSelector('metadata.name', value)).requirements, [{ field: 'metadata.name', op: '=', value }], value);
  }
});
