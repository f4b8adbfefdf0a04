import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GoTemplateError, PrinterError } from '../../../../src/printers/errors.js';
import { MAX_EXEC_DEPTH } from '../../../../src/printers/gotemplate/exec.js';
import { compileGoTemplate } from '../../../../src/printers/gotemplate/template.js';

const data = {
  name: 'web',
  n: 3,
  f: 1.5,
  t: true,
  nil: null,
  list: ['a', 'b', 'c'],
  map: { z: 1, a: 2, 'é': 3 },
  items: [{ k: 'x', v: 1 }, { k: 'y', v: 2 }],
  empty: [],
  b64: 'aGVsbG8=',
};

function run(template: string, object: unknown = data, allowMissingKeys = true): string {
  return compileGoTemplate(template, { allowMissingKeys }).execute(object);
}

function execError(template: string, object: unknown = data, allowMissingKeys = true): string {
  try {
    run(template, object, allowMissingKeys);
  } catch (err) {
    assert.ok(err instanceof GoTemplateError && err instanceof PrinterError);
    return err.message.replace(/^error executing template "(?:[^"\\]|\\.)*": /, '');
  }
  assert.fail(`${template} executed`);
}

test('fields, maps and chains; missing keys print <no value> or fail with missingkey=error', () => {
  assert.equal(run('{{.name}} {{.map.a}} {{$.n}} {{.missing}} {{.missing.deeper}}'), 'web 2 3 <no value> <no value>');
  assert.equal(execError('{{.missing}}', data, false), 'template: output:1:2: executing "output" at <.missing>: map has no entry for key "missing"');
  assert.equal(execError('{{template "t"}}{{define "t"}}{{.x}}{{end}}', data, false), 'template: output:1:32: executing "t" at <.x>: nil data; no entry for key "x"');
  assert.equal(execError('{{.nil.x}}'), 'template: output:1:6: executing "output" at <.nil.x>: nil pointer evaluating interface {}.x');
  assert.equal(execError('{{.name.x}}'), 'template: output:1:7: executing "output" at <.name.x>: can\'t evaluate field x in type interface {}');
  assert.equal(execError('{{$x := .name}}{{$x.y}}'), 'template: output:1:19: executing "output" at <$x.y>: can\'t evaluate field y in type string');
  assert.equal(execError('{{.n 1}}'), 'template: output:1:2: executing "output" at <.n>: n is not a method but has arguments');
});

test('a JSON null is a nil interface, a missing key no value at all', () => {
  assert.equal(run('{{.nil}}|{{printf "%v" .nil}}|{{printf "%v" .missing}}|{{print .missing}}|{{html .missing}}'), '<no value>|<nil>|<nil>|<nil>|&lt;no value&gt;');
  assert.equal(run('{{if .nil}}y{{else}}n{{end}} {{eq .nil nil}} {{eq .missing nil}}'), 'n true true');
  assert.equal(execError('{{len .nil}}'), 'template: output:1:2: executing "output" at <len .nil>: error calling len: len of nil pointer');
  assert.equal(execError('{{len .missing}}'), 'template: output:1:2: executing "output" at <len .missing>: error calling len: reflect: call of reflect.Value.Type on zero Value');
});

test('numbers from JSON are int64 when integral, float64 otherwise; template constants are int', () => {
  assert.equal(run('{{printf "%T %T %T %T" .n .f 1 1.0}}'), 'int64 float64 int float64');
  assert.equal(run('{{eq .n 3}} {{lt .f 2.0}} {{.f}} {{1e6}} {{1e-5}}'), 'true true 1.5 1e+06 1e-05');
  assert.equal(execError('{{eq .f 1}}'), 'template: output:1:2: executing "output" at <eq .f 1>: error calling eq: incompatible types for comparison');
  assert.equal(run('{{.big}}', { big: 2 ** 60 }), '1152921504606846976');
  assert.equal(run('{{.huge}}', { huge: 1e21 }), '1e+21');
});

test('range: slices in order, maps in key order, with index and element variables, else, break and continue', () => {
  assert.equal(run('{{range .list}}{{.}}{{end}}'), 'abc');
  assert.equal(run('{{range $i, $v := .list}}{{$i}}{{$v}}{{end}}'), '0a1b2c');
  assert.equal(run('{{range $k, $v := .map}}{{$k}}={{$v}};{{end}}'), 'a=2;z=1;é=3;');
  assert.equal(run('{{range $v := .map}}{{$v}}{{end}}'), '213');
  assert.equal(run('{{range .empty}}x{{else}}none{{end}} {{range .missing}}x{{else}}none{{end}} {{range .nil}}x{{else}}none{{end}}'), 'none none none');
  assert.equal(run('{{range .list}}{{if eq . "b"}}{{continue}}{{end}}{{if eq . "c"}}{{break}}{{end}}{{.}}{{end}}'), 'a');
  assert.equal(run('{{range .items}}{{.k}}={{.v}} {{end}}'), 'x=1 y=2 ');
  assert.equal(run('{{$i := 9}}{{range $i = .list}}{{end}}{{$i}}'), 'c');
  assert.equal(execError('{{range .n}}{{end}}'), 'template: output:1:8: executing "output" at <.n>: range can\'t iterate over 3');
  assert.equal(execError('{{range .name}}{{end}}'), 'template: output:1:8: executing "output" at <.name>: range can\'t iterate over web');
});

test('if, with, else if, else with; variables live until end', () => {
  assert.equal(run('{{if .t}}a{{end}}{{if .empty}}b{{else if .list}}c{{else}}d{{end}}'), 'ac');
  assert.equal(run('{{with .map}}{{.a}}{{end}}{{with .missing}}x{{else with .name}}{{.}}{{end}}'), '2web');
  assert.equal(run('{{with $x := .name}}{{$x}}{{end}} {{$y := 1}}{{if true}}{{$y = 2}}{{end}}{{$y}}'), 'web 2');
  assert.equal(run('{{if 0}}{{else if ""}}{{else if 0.0}}{{else}}falsy{{end}}'), 'falsy');
});

test('and and or short-circuit and return an operand; not negates truth', () => {
  assert.equal(run('{{and 1 0 (index .list 99)}} {{or 0 "" .name}} {{and .t .name}} {{or}}'.replace(' {{or}}', '')), '0 web web');
  assert.equal(run('{{not .empty}} {{not .list}} {{.t | not}}'), 'true false false');
});

test('templates: define, template, block; no variables are inherited; dot is the argument', () => {
  assert.equal(run('{{define "t"}}[{{.}}]{{end}}{{template "t" .name}}{{template "t"}}'), '[web][<no value>]');
  assert.equal(run('{{block "b" .list}}{{len .}}{{end}}'), '3');
  assert.equal(execError('{{template "none"}}'), 'template: output:1:11: executing "output" at <{{template "none"}}>: template "none" not defined');
  assert.equal(
    execError('{{define "r"}}{{template "r" .}}{{end}}{{template "r" .}}'),
    `template: output:1:25: executing "r" at <{{template "r" .}}>: exceeded maximum template depth (${MAX_EXEC_DEPTH})`,
  );
});

test('functions: index, slice, len, print family, escapers, comparisons, call, and kubectl\'s', () => {
  assert.equal(run('{{index .map "a"}} {{index .items 1 "k"}} {{index .name 0}} {{index .map "zz"}}'), '2 y 119 <no value>');
  assert.equal(run('{{slice .list 1}} {{slice .list 0 2}} {{slice .name 1 3}} {{slice .list 1 4}}'), '[b c] [a b] eb [b c <nil>]');
  assert.equal(run('{{len .list}} {{len .map}} {{len "é"}}'), '3 3 2');
  assert.equal(run('{{print 1 2 "a" 3}}|{{println "a" 1}}|{{printf "%05.1f|%-4s|%x|%q" 3.14159 "ab" "hi" .list}}'), '1 2a3|a 1\n|003.1|ab  |6869|["a" "b" "c"]');
  assert.equal(run('{{html "<a href=\'x\'>&"}} {{js "a\'b<\\n"}} {{urlquery "a b&c=é"}}'), '&lt;a href=&#39;x&#39;&gt;&amp; a\\\'b\\u003C\\u000A a+b%26c%3D%C3%A9');
  assert.equal(run('{{eq .name "x" "web"}} {{ne 1 2}} {{lt "a" "b"}} {{le 2 2}} {{gt .n 2}} {{ge 1.5 .f}}'), 'true true true true true true');
  assert.equal(run('{{base64decode .b64}} {{exists . "items" 1 "k"}} {{exists . "items" 5}}'), 'hello true false');
  assert.equal(execError('{{base64decode .name}}'), 'template: output:1:2: executing "output" at <base64decode .name>: error calling base64decode: base64 decode failed: illegal base64 data at input byte 0');
  assert.equal(execError('{{call .list}}'), 'template: output:1:2: executing "output" at <call .list>: error calling call: non-function .list of type []interface {}');
  assert.equal(execError('{{index .list 5}}'), 'template: output:1:2: executing "output" at <index .list 5>: error calling index: index out of range: 5');
  assert.equal(execError('{{lt .list 1}}'), 'template: output:1:2: executing "output" at <lt .list 1>: error calling lt: invalid type for comparison');
  assert.equal(execError('{{printf .n}}'), 'template: output:1:9: executing "output" at <.n>: wrong type for value; expected string; got int64');
  assert.equal(execError('{{len}}'), 'template: output:1:2: executing "output" at <len>: wrong number of args for len: want 1 got 0');
});

test('pipelines pass their value as the last argument', () => {
  assert.equal(run('{{.name | printf "%s-%s" "x"}} {{.list | len | printf "%03d"}} {{"a" | eq "a" "b"}} {{"b" | eq "a" "b"}}'), 'x-web 003 true false');
  assert.equal(execError('{{.name | .n}}'), 'template: output:1:10: executing "output" at <.n>: n is not a method but has arguments');
});

test('whitespace trimming and comments', () => {
  assert.equal(run('a  {{- .n -}}  b\n{{- /* gone */ -}}\n c'), 'a3bc');
  assert.equal(run('{{- range .list }}\n  {{ . }}\n{{- end }}\n'), '\n  a\n  b\n  c\n');
});

test('__proto__, constructor and other prototype names are plain keys', () => {
  const object = JSON.parse('{"__proto__": {"x": 1}, "constructor": "c"}') as unknown;
  assert.equal(run('{{.__proto__.x}} {{.constructor}} {{.toString}} {{.hasOwnProperty}} {{len .}}', object), '1 c <no value> <no value> 2');
  assert.equal(run('{{range $k, $v := .}}{{$k}};{{end}}', object), '__proto__;constructor;');
});

test('keys whose value is undefined are absent, as after a JSON round trip', () => {
  assert.equal(run('{{.a}} {{len .}} {{.}}', { a: undefined, b: 1 }), '<no value> 1 map[b:1]');
});

test('error positions are Go byte columns on the right line', () => {
  assert.equal(execError('é{{.nil.x}}'), 'template: output:1:8: executing "output" at <.nil.x>: nil pointer evaluating interface {}.x');
  assert.equal(execError('a\nbc\n  {{.nil.x}}'), 'template: output:3:8: executing "output" at <.nil.x>: nil pointer evaluating interface {}.x');
});

test('output and work are bounded', () => {
  const big = compileGoTemplate('{{range .}}{{printf "%100000s" "x"}}{{end}}', { maxOutput: 1_000_000 });
  assert.throws(() => big.execute(Array.from({ length: 100 }, () => 1)), /output exceeds 1000000 characters/);
  const exponential = compileGoTemplate('{{define "x"}}{{if .}}{{template "x" (slice . 1)}}{{template "x" (slice . 1)}}{{end}}{{end}}{{template "x" .}}', { maxSteps: 100_000 });
  assert.throws(() => exponential.execute(Array.from({ length: 40 }, (_, i) => i)), /execution exceeds 100000 steps/);
});

test('a failed execution keeps the output so far and kubectl\'s debugging report', () => {
  const t = compileGoTemplate('{{.a}}-{{.b.c}}');
  try {
    t.execute({ a: 'x<', b: null });
    assert.fail('executed');
  } catch (err) {
    assert.ok(err instanceof GoTemplateError);
    assert.equal(err.message, 'error executing template "{{.a}}-{{.b.c}}": template: output:1:11: executing "output" at <.b.c>: nil pointer evaluating interface {}.c');
    assert.equal(err.output, [
      'x<-Error executing template: template: output:1:11: executing "output" at <.b.c>: nil pointer evaluating interface {}.c. Printing more information for debugging the template:',
      '\ttemplate was:',
      '\t\t{{.a}}-{{.b.c}}',
      '\traw data was:',
      '\t\t{"a":"x\\u003c","b":null}',
      '\tobject given to template engine was:',
      '\t\tmap[a:x< b:<nil>]',
      '',
      '',
    ].join('\n'));
  }
  assert.throws(() => compileGoTemplate('{{.a'), (err: unknown) => err instanceof GoTemplateError && err.output === '' && err.message === 'error parsing template {{.a, template: output:1: unclosed action');
});

test('a runtime panic is reported as kubectl catches it', () => {
  assert.throws(() => run('{{.list | call}}'), (err: unknown) => err instanceof GoTemplateError && err.message === 'error executing template "{{.list | call}}": caught panic: runtime error: index out of range [0] with length 0');
});
