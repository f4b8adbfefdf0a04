// Name, label and port checks: the API machinery's messages, in its order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue, validateName } from '../../../src/machinery/validation/names.js';
import { portNameProblems, portNumberProblems } from '../../../src/machinery/validation/ports.js';

test('DNS names, qualified names and label values', () => {
  assert.deepEqual(isDNS1123Label('my-name'), []);
  assert.equal(isDNS1123Label('a'.repeat(64))[0], 'must be no more than 63 characters');
  assert.deepEqual(isDNS1123Subdomain('example.com'), []);
  assert.match(isDNS1123Subdomain('Example.com')[0] ?? '', /^a lowercase RFC 1123 subdomain must consist of/);
  assert.deepEqual(isQualifiedName('example.com/MyName'), []);
  // An empty name part fails both the emptiness and the pattern checks, as IsQualifiedName does.
  const empty = isQualifiedName('example.com/');
  assert.equal(empty.length, 2);
  assert.equal(empty[0], 'name part must be non-empty');
  assert.match(empty[1] ?? '', /^name part must consist of alphanumeric characters/);
  assert.match(isQualifiedName('a/b/c')[0] ?? '', /^a qualified name must consist of .* with an optional DNS subdomain prefix and '\/' \(e\.g\. 'example\.com\/MyName'\)$/);
  assert.deepEqual(isValidLabelValue(''), []);
  assert.equal(isValidLabelValue('-x').length, 1);
  assert.deepEqual(validateName('subdomain', 'web-', true), []);
});

test('ports', () => {
  assert.deepEqual(portNumberProblems(80), []);
  assert.deepEqual(portNumberProblems(0), ['must be between 1 and 65535, inclusive']);
  assert.deepEqual(portNameProblems('http'), []);
  assert.deepEqual(portNameProblems('--'), [
    'must contain at least one letter (a-z)', 'must not contain consecutive hyphens', 'must not begin or end with a hyphen',
  ]);
});
