import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toYaml } from '../../../../src/printers/encoding/yaml.js';

// Each value as kubectl (sigs.k8s.io/yaml, go-yaml v2) writes it under a key.
const scalars: [unknown, string][] = [
  ['plain', 'plain'], ['123', '"123"'], ['1.5', '"1.5"'], ['1e3', '"1e3"'], ['0x1F', '"0x1F"'], ['0o17', '"0o17"'], ['08', '"08"'],
  ['1_000', '"1_000"'], ['+1', '"+1"'], ['-1', '"-1"'], ['.5', '".5"'], ['1e400', '1e400'],
  ['true', '"true"'], ['True', '"True"'], ['yes', '"yes"'], ['y', '"y"'], ['n', '"n"'], ['on', '"on"'], ['OFF', '"OFF"'], ['oN', 'oN'],
  ['null', '"null"'], ['~', '"~"'], ['', '""'], ['.inf', '".inf"'], ['-.Inf', '"-.Inf"'], ['.NaN', '".NaN"'], ['<<', '<<'],
  ['2001-12-14', '"2001-12-14"'], ['2001-13-14', '2001-13-14'], ['2001-12-14t21:59:43.10-05:00', '"2001-12-14t21:59:43.10-05:00"'],
  ['12:30:45', '"12:30:45"'], ['1:20', '"1:20"'],
  [' lead', "' lead'"], ['trail ', "'trail '"], ['a: b', "'a: b'"], ['a:b', 'a:b'], ['a #b', "'a #b'"], ['a#b', 'a#b'],
  ['- x', "'- x'"], ['-x', '-x'], ['? x', "'? x'"], ['?x', '?x'], ['*x', "'*x'"], ['&x', "'&x'"], ['!x', "'!x'"], ['|x', "'|x'"],
  ['>x', "'>x'"], ['%x', "'%x'"], ['@x', "'@x'"], ['`x', "'`x'"], ['[x]', "'[x]'"], ['{x', "'{x'"], ['x{', 'x{'], [',x', "',x'"],
  ['---', "'---'"], ['...', "'...'"], ["it's", "it's"], ['say "hi"', 'say "hi"'], ["'q", "'''q'"],
  ['a\tb', '"a\\tb"'], ['a\x01b', '"a\\x01b"'], ['a\x1bb', '"a\\eb"'], ['a\u0000b', '"a\\0b"'], ['smile 😀', '"smile \\U0001F600"'],
  ['héllo ☃', 'héllo ☃'], ['a\u00a0b', 'a\u00a0b'], ['\ufeffx', '"\\uFEFF\\x78"'], ['a\u2028b', "'a\u2028  b'"],
  ['a\nb', '|-\n  a\n  b'], ['a\nb\n', '|\n  a\n  b'], ['a\n\n', '|+\n  a\n'], [' a\nb', '|2-\n   a\n  b'], ['a \nb', '"a \\nb"'],
  ['a\u0085b', 'a b'],
  [0, '0'], [-1, '-1'], [1.5, '1.5'], [1e21, '1e+21'], [1e-7, '1e-07'], [1234567.5, '1.2345675e+06'], [3, '3'],
  [true, 'true'], [false, 'false'], [null, 'null'], [[], '[]'], [{}, '{}'],
];

test('YAML scalars are quoted and styled as kubectl writes them', () => {
  for (const [value, text] of scalars) {
    assert.equal(toYaml({ k: value }), `k: ${text}\n`, `value ${JSON.stringify(value)}`);
  }
});

test('YAML keys are sorted letters first, digits numerically, and quoted when needed', () => {
  const obj = { a10: 1, a9: 2, a09: 3, B: 4, _x: 5, '-y': 6, '123': 7, '': 8, yes: 9, b: 10 };
  assert.equal(toYaml(obj), '"": 8\n-y: 6\n_x: 5\n"123": 7\nB: 4\na9: 2\na09: 3\na10: 1\nb: 10\n"yes": 9\n');
});

test('YAML sequences are not indented under their key; nested collections are', () => {
  assert.equal(
    toYaml({ items: [{ a: 1, b: [1, [2, 3]] }, 'x'], m: { n: { o: [] } } }),
    'items:\n- a: 1\n  b:\n  - 1\n  - - 2\n    - 3\n- x\nm:\n  "n":\n    o: []\n',
  );
});

test('long strings fold at 80 columns, keys longer than 128 bytes use the explicit form', () => {
  const long = Array(30).fill('word').join(' ');
  assert.equal(toYaml({ k: long }), `k: ${Array(15).fill('word').join(' ')} word\n  ${Array(14).fill('word').join(' ')}\n`);
  const key = 'k'.repeat(130);
  assert.equal(toYaml({ [key]: 'v' }), `? ${key}\n: v\n`);
  assert.equal(toYaml({ 'multi\nline': 'v' }), '? |-\n  multi\n  line\n: v\n');
});

test('a root scalar or list is a document of its own', () => {
  assert.equal(toYaml('text'), 'text\n');
  assert.equal(toYaml([1, 'a']), '- 1\n- a\n');
  assert.equal(toYaml({}), '{}\n');
});
