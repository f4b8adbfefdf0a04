import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nodeString } from '../../../../src/printers/gotemplate/nodes.js';
import { parseNumber } from '../../../../src/printers/gotemplate/number.js';
import { MAX_EXPRESSION_DEPTH, MAX_NESTING_DEPTH, parseTemplates, TemplateParseError } from '../../../../src/printers/gotemplate/parser.js';

const FUNCS = new Set(['printf', 'len', 'index', 'eq', 'and']);

function tree(text: string, name = 'output'): string {
  return nodeString(parseTemplates('output', text, FUNCS).get(name)?.root ?? { type: 'list', pos: 0, nodes: [] });
}

function parseError(text: string): string {
  try {
    parseTemplates('output', text, FUNCS);
  } catch (err) {
    assert.ok(err instanceof TemplateParseError);
    return err.message;
  }
  assert.fail(`${text} parsed`);
}

// Go's parse_test prints trees back as templates; these are its shapes.
test('trees print back as Go prints them', () => {
  const cases: [string, string][] = [
    ['', ''],
    ['some text', 'some text'],
    ['{{.X}}', '{{.X}}'],
    ['{{.X.Y.Z}}', '{{.X.Y.Z}}'],
    ['{{$x := .X | printf "%d" | len}}', '{{$x := .X | printf "%d" | len}}'],
    ['{{$x := 1}}{{$x = 2}}', '{{$x := 1}}{{$x = 2}}'],
    ['{{range $i, $v := .X}}{{$v}}{{else}}none{{end}}', '{{range $i, $v := .X}}{{$v}}{{else}}none{{end}}'],
    ['{{if .X}}a{{else if .Y}}b{{else}}c{{end}}', '{{if .X}}a{{else}}{{if .Y}}b{{else}}c{{end}}{{end}}'],
    ['{{with .X}}a{{else with .Y}}b{{end}}', '{{with .X}}a{{else}}{{with .Y}}b{{end}}{{end}}'],
    ['{{(printf "%s" .X).Y.Z}}', '{{(printf "%s" .X).Y.Z}}'],
    ['{{$x := .A}}{{$x.B.C}}', '{{$x := .A}}{{$x.B.C}}'],
    ['{{template "x" .}}', '{{template "x" .}}'],
    ['{{template `x`}}', '{{template "x"}}'],
    ['{{range .X}}{{break}}{{continue}}{{end}}', '{{range .X}}{{break}}{{continue}}{{end}}'],
    ['{{"\\u00e9" `raw` \'a\' 1.5 0x10 true nil}}', '{{"\\u00e9" `raw` \'a\' 1.5 0x10 true nil}}'],
    ['a {{- /* comment */ -}} b', 'ab'],
  ];
  for (const [input, want] of cases) assert.equal(tree(input), want, input);
});

test('define and block add templates; an empty redefinition does not replace one', () => {
  const trees = parseTemplates('output', '{{define "a"}}A{{.}}{{end}} {{block "b" .X}}B{{end}}', FUNCS);
  assert.deepEqual([...trees.keys()].sort(), ['a', 'b', 'output']);
  assert.equal(tree('{{define "a"}}A{{end}}', 'a'), 'A');
  assert.equal(tree('{{define "a"}}x{{end}}{{block "b" .X}}B{{end}}'), '{{template "b" .X}}');
  assert.equal(tree('{{define "a"}}A{{end}}{{define "a"}} {{end}}', 'a'), 'A');
  assert.equal(parseError('{{define "a"}}A{{end}}{{define "a"}}B{{end}}'), 'template: output:1: template: multiple definition of template "a"');
  // An empty top level leaves a define of the same name in place.
  assert.equal(tree(' {{define "output"}}X{{end}}'), 'X');
});

test('variables are scoped to their control structure; templates start with only $', () => {
  assert.equal(parseError('{{if 1}}{{$x := 1}}{{end}}{{$x}}'), 'template: output:1: undefined variable "$x"');
  assert.equal(parseError('{{$x := 1}}{{define "a"}}{{$x}}{{end}}'), 'template: output:1: undefined variable "$x"');
  assert.equal(tree('{{$x := 1}}{{if 1}}{{$x = 2}}{{end}}{{$x}}'), '{{$x := 1}}{{if 1}}{{$x = 2}}{{end}}{{$x}}');
});

test('Go parse errors, word for word, with the line of the last token', () => {
  const cases: [string, string][] = [
    ['{{foo}}', 'function "foo" not defined'],
    ['{{.X}', "bad character U+007D '}'"],
    ['{{end}}', 'unexpected {{end}}'],
    ['{{else}}', 'unexpected {{else}}'],
    ['{{if .X}}', 'unexpected EOF'],
    ['{{if}}{{end}}', 'missing value for if'],
    ['{{range .X}}{{else}}{{else}}{{end}}', 'expected end; found {{else}}'],
    ['{{break}}', '{{break}} outside {{range}}'],
    ['{{range .X}}{{define "a"}}{{end}}{{end}}', 'unexpected <define> in command'],
    ['{{range .X}}{{block "b" .}}{{break}}{{end}}{{end}}', '{{break}} outside {{range}}'],
    ['{{"x" | 1}}', 'non executable command in pipeline stage 2'],
    ['{{$a, $b := 1}}', 'too many declarations in command'],
    ['{{range $i, 1}}{{end}}', 'range can only initialize variables'],
    ['{{range $a, $b, $c := 1}}{{end}}', 'too many declarations in range'],
    ['{{nil.x}}', 'unexpected . after term "nil"'],
    ['{{089}}', 'integer overflow: "089"'],
    ['{{1e400}}', 'illegal number syntax: "1e400"'],
    ['{{"\\z"}}', 'invalid syntax'],
    ["{{'ab'}}", "malformed character constant: 'ab'"],
    ['{{template a}}', 'unexpected "a" in template clause'],
    ['{{define "a" 1}}{{end}}', 'unexpected "1" in define clause'],
    ['{{.a,.b}}', 'unexpected "," in operand'],
    ['{{printf "%d" 1 +}}', 'illegal number syntax: "+"'],
    ['{{3x}}', 'bad number syntax: "3x"'],
    ['{{define "a" "a very long string indeed"}}{{end}}', 'unexpected "\\"a very lo"... in define clause'],
  ];
  for (const [input, message] of cases) assert.equal(parseError(input), `template: output:1: ${message}`, input);
  assert.equal(parseError('a\n\n{{.x\n\n,}}'), 'template: output:5: unexpected "," in operand');
  assert.equal(parseError('{{if .x}}\n{{else}}\n{{end'), 'template: output:3: unclosed action');
  assert.equal(parseError('{{.a\n.b\n\n'), 'template: output:4: unclosed action started at output:1');
});

test('numbers keep every type that can hold them (Go ideal constants)', () => {
  const n = parseNumber(0, '0x10', 'number');
  assert.deepEqual([n.isInt, n.isUint, n.isFloat, n.isComplex, n.int64, n.float64], [true, true, true, false, 16n, 16]);
  const f = parseNumber(0, '1.5', 'number');
  assert.deepEqual([f.isInt, f.isFloat, f.float64], [false, true, 1.5]);
  const i = parseNumber(0, '2.0', 'number');
  assert.deepEqual([i.isInt, i.int64, i.isFloat], [true, 2n, true]);
  const big = parseNumber(0, '18446744073709551615', 'number');
  assert.deepEqual([big.isInt, big.isUint, big.uint64], [false, true, 18446744073709551615n]);
  const c = parseNumber(0, '1+2i', 'complex');
  assert.deepEqual([c.isComplex, c.isFloat, c.complex], [true, false, { re: 1, im: 2 }]);
  const ch = parseNumber(0, "'\\u00e9'", 'charConstant');
  assert.deepEqual([ch.isInt, ch.int64], [true, 233n]);
  assert.throws(() => parseNumber(0, '1__0', 'number'), /illegal number syntax: "1__0"/);
});

test('nesting is bounded so hostile templates end in an error, not a stack overflow', () => {
  const parens = (n: number): string => `{{${'('.repeat(n)}1${')'.repeat(n)}}}`;
  assert.equal(tree(parens(MAX_EXPRESSION_DEPTH - 1)).length > 0, true);
  assert.equal(parseError(parens(MAX_EXPRESSION_DEPTH + 1)), 'template: output:1: max expression depth exceeded');
  const ifs = (n: number): string => `${'{{if 1}}'.repeat(n)}x${'{{end}}'.repeat(n)}`;
  assert.ok(tree(ifs(MAX_NESTING_DEPTH - 1)).startsWith('{{if 1}}'));
  assert.equal(parseError(ifs(MAX_NESTING_DEPTH + 1)), `template: output:1: nesting deeper than ${MAX_NESTING_DEPTH} levels`);
  const defines = Array.from({ length: MAX_NESTING_DEPTH + 1 }, (_, i) => `{{define "d${i}"}}`).join('');
  assert.match(parseError(defines), /unexpected <define> in command|nesting deeper/);
});
