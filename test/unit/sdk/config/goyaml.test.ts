import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configToYaml, parseConfigFile, toGoYaml } from '../../../../src/sdk/config/index.js';
import { goFloat, goYamlKeyLess } from '../../../../src/sdk/config/goyaml.js';
import { fixture } from './helpers.js';

test('a file kubectl wrote (quoting, folding, literal blocks, ordering) is rewritten byte for byte', async () => {
  const text = fixture('kubectl-written.yaml');
  const file = await parseConfigFile('kubectl-written.yaml', text);
  assert.equal(configToYaml(file.model, { keepUnknown: true, extra: file.extra }), text);
});

test('strings are quoted as go-yaml quotes them', () => {
  const cases: [string, string][] = [
    ['123', '"123"'], ['yes', '"yes"'], ['on', '"on"'], ['y', '"y"'], ['~', '"~"'], ['null', '"null"'], ['', '""'],
    ['1e3', '"1e3"'], ['0x1F', '"0x1F"'], ['1_000', '"1_000"'], ['12:30', '"12:30"'], ['2001-12-14', '"2001-12-14"'], ['.5', '".5"'],
    ['foo: bar', "'foo: bar'"], ['#c', "'#c'"], ['@u', "'@u'"], ['*x', "'*x'"], [' lead', "' lead'"], ['trail ', "'trail '"], ["it's", "it's"],
    ['-x', '-x'], ['-', "'-'"], ['a#b', 'a#b'], ['é', 'é'], ['2001:db8::1', '2001:db8::1'], ['a\tb', '"a\\tb"'], ['x\u0001y', '"x\\x01y"'],
    ['a\nb', '|-\n  a\n  b'], ['a\n', '|\n  a'], ['"dq"', "'\"dq\"'"],
  ];
  for (const [input, expected] of cases) assert.equal(toGoYaml({ k: input }), `k: ${expected}\n`, JSON.stringify(input));
});

test('long plain strings fold after column 80 with the continuation indented', () => {
  const words = `long ${'word '.repeat(30)}end`;
  const lines = toGoYaml({ a: { namespace: words } }).split('\n');
  assert.equal(lines[1], '  namespace: long word word word word word word word word word word word word word');
  assert.equal(lines[2], '    word word word word word word word word word word word word word word word word');
  assert.equal(lines[3], '    word end');
  // Keys never fold.
  assert.equal(toGoYaml({ [words]: 1 }), `${words}: 1\n`);
});

test('collections: empty ones in flow style, sequences not indented, nested sequences compact', () => {
  assert.equal(toGoYaml({ a: [], b: {}, c: null, d: [1, 'x'], e: [[1, 2], { f: true }] }), 'a: []\nb: {}\nc: null\nd:\n- 1\n- x\ne:\n- - 1\n  - 2\n- f: true\n');
  assert.equal(toGoYaml({}), '{}\n');
});

test('map keys in go-yaml natural order: digit runs by value, non-letters before letters', () => {
  const sorted = ['n10', 'n9', 'N1', '_1', 'a'].sort((a, b) => (goYamlKeyLess(a, b) ? -1 : goYamlKeyLess(b, a) ? 1 : 0));
  assert.deepEqual(sorted, ['_1', 'N1', 'a', 'n9', 'n10']);
});

test('floats as Go formats them', () => {
  assert.equal(goFloat(1.5), '1.5');
  assert.equal(goFloat(1e21), '1e+21');
  assert.equal(goFloat(0.00001), '1e-05');
  assert.equal(goFloat(Number.NaN), '.nan');
  assert.equal(goFloat(-Infinity), '-.inf');
});
