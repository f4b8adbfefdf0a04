/**
 * The one YAML writer (machinery/yaml): the printers' `-o yaml` and the kubeconfig writer both
 * write with it, as kubectl writes both through sigs.k8s.io/yaml and go-yaml v2.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareYamlKeys, toYaml } from '../../../src/machinery/yaml/emit.js';

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

test('the kubeconfig writer\'s cases: strings are quoted as go-yaml quotes them', () => {
  const cases: [string, string][] = [
    ['123', '"123"'], ['yes', '"yes"'], ['on', '"on"'], ['y', '"y"'], ['~', '"~"'], ['null', '"null"'], ['', '""'],
    ['1e3', '"1e3"'], ['0x1F', '"0x1F"'], ['1_000', '"1_000"'], ['12:30', '"12:30"'], ['2001-12-14', '"2001-12-14"'], ['.5', '".5"'],
    ['foo: bar', "'foo: bar'"], ['#c', "'#c'"], ['@u', "'@u'"], ['*x', "'*x'"], [' lead', "' lead'"], ['trail ', "'trail '"], ["it's", "it's"],
    ['-x', '-x'], ['-', "'-'"], ['a#b', 'a#b'], ['é', 'é'], ['2001:db8::1', '2001:db8::1'], ['a\tb', '"a\\tb"'], ['x\u0001y', '"x\\x01y"'],
    ['a\nb', '|-\n  a\n  b'], ['a\n', '|\n  a'], ['"dq"', "'\"dq\"'"],
  ];
  for (const [input, expected] of cases) assert.equal(toYaml({ k: input }), `k: ${expected}\n`, JSON.stringify(input));
});

test('long plain strings fold after column 80 with the continuation indented; simple keys do not', () => {
  const words = `long ${'word '.repeat(30)}end`;
  const lines = toYaml({ a: { namespace: words } }).split('\n');
  assert.equal(lines[1], '  namespace: long word word word word word word word word word word word word word');
  assert.equal(lines[2], '    word word word word word word word word word word word word word word word word');
  assert.equal(lines[3], '    word end');
  // A key of up to 128 bytes is a simple key, written on one line however long.
  const key = `long ${'word '.repeat(20)}end`;
  assert.equal(toYaml({ [key]: 1 }), `${key}: 1\n`);
  // A longer one is written in the explicit form, where it folds as a value does.
  assert.equal(toYaml({ [words]: 1 }), `? long ${'word '.repeat(14)}word\n  ${'word '.repeat(15)}end\n: 1\n`);
});

test('collections: empty ones in flow style, sequences not indented, nested sequences compact', () => {
  assert.equal(toYaml({ a: [], b: {}, c: null, d: [1, 'x'], e: [[1, 2], { f: true }] }), 'a: []\nb: {}\nc: null\nd:\n- 1\n- x\ne:\n- - 1\n  - 2\n- f: true\n');
});

test('map keys in go-yaml\'s natural order: digit runs by value, non-letters before letters', () => {
  assert.deepEqual(['n10', 'n9', 'N1', '_1', 'a'].sort(compareYamlKeys), ['_1', 'N1', 'a', 'n9', 'n10']);
});

test('floats as Go formats them, the special ones in YAML\'s words', () => {
  const floats: [number, string][] = [[1.5, '1.5'], [1e21, '1e+21'], [0.00001, '1e-05'], [Number.NaN, '.nan'], [-Infinity, '-.inf'], [1e20, '1e+20']];
  for (const [value, text] of floats) assert.equal(toYaml({ k: value }), `k: ${text}\n`, String(value));
});

test('a long run of spaces is written in linear time (NELs folded as before)', () => {
  assert.equal(toYaml({ k: 'a \u0085 \u0085\u0085b' }), 'k: |-\n  a\n\n  b\n');
  const spaces = `a${' '.repeat(300_000)}b`;
  const started = Date.now();
  assert.equal(toYaml({ k: spaces }).length > 300_000, true);
  assert.equal(toYaml({ k: `${spaces}\u0085c` }).length > 300_000, true);
  assert.ok(Date.now() - started < 2000, `took ${Date.now() - started} ms`);
});
