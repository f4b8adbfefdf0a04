import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type Item, Lexer } from '../../../../src/printers/gotemplate/lexer.js';

function lex(input: string, options: Partial<Lexer['options']> = {}): string[] {
  const l = new Lexer(input);
  l.options = { ...l.options, ...options };
  const out: string[] = [];
  for (let i = 0; i < 1000; i++) {
    const item: Item = l.nextItem();
    out.push(item.type === 'eof' ? 'EOF' : item.type === 'error' ? `error:${item.val}` : `${item.type}:${item.val}`);
    if (item.type === 'eof' || item.type === 'error') break;
  }
  return out;
}

test('text and actions', () => {
  assert.deepEqual(lex(''), ['EOF']);
  assert.deepEqual(lex('now is the time'), ['text:now is the time', 'EOF']);
  assert.deepEqual(lex('a{{.x}}b'), ['text:a', 'leftDelim:{{', 'field:.x', 'rightDelim:}}', 'text:b', 'EOF']);
  assert.deepEqual(lex('{{.a.b $x.y $ . (1)}}'), [
    'leftDelim:{{', 'field:.a', 'field:.b', 'space: ', 'variable:$x', 'field:.y', 'space: ', 'variable:$', 'space: ', 'dot:.', 'space: ',
    'leftParen:(', 'number:1', 'rightParen:)', 'rightDelim:}}', 'EOF',
  ]);
});

test('keywords, booleans, identifiers, declarations and pipes', () => {
  assert.deepEqual(lex('{{range $i, $v := .x | len}}{{else}}{{end}}'), [
    'leftDelim:{{', 'range:range', 'space: ', 'variable:$i', 'char:,', 'space: ', 'variable:$v', 'space: ', 'declare::=', 'space: ', 'field:.x',
    'space: ', 'pipe:|', 'space: ', 'identifier:len', 'rightDelim:}}', 'leftDelim:{{', 'else:else', 'rightDelim:}}', 'leftDelim:{{', 'end:end', 'rightDelim:}}', 'EOF',
  ]);
  assert.deepEqual(lex('{{$x = true}}').slice(1, -2), ['variable:$x', 'space: ', 'assign:=', 'space: ', 'bool:true']);
  assert.deepEqual(lex('{{if nil}}{{with}}{{define}}{{template}}{{block}}').filter((t) => !t.includes('Delim')), [
    'if:if', 'space: ', 'nil:nil', 'with:with', 'define:define', 'template:template', 'block:block', 'EOF',
  ]);
});

test('break and continue are keywords unless functions of those names exist', () => {
  assert.deepEqual(lex('{{break}}{{continue}}').filter((t) => !t.includes('Delim')), ['break:break', 'continue:continue', 'EOF']);
  assert.deepEqual(lex('{{break}}', { breakOK: false }).filter((t) => !t.includes('Delim')), ['identifier:break', 'EOF']);
});

test('numbers, characters and strings', () => {
  assert.deepEqual(lex('{{1 -2 +3.5 .5 1e3 0x1F 0o17 0b1_0 1_000 0x1p-2 3i 1+2i}}').filter((t) => t !== 'space: ').slice(1, -2), [
    'number:1', 'number:-2', 'number:+3.5', 'number:.5', 'number:1e3', 'number:0x1F', 'number:0o17', 'number:0b1_0', 'number:1_000', 'number:0x1p-2', 'number:3i', 'complex:1+2i',
  ]);
  assert.deepEqual(lex(`{{'a' '\\n' "s\\"q" \`r\nw\`}}`).filter((t) => t !== 'space: ').slice(1, -2), [
    "charConstant:'a'", "charConstant:'\\n'", 'string:"s\\"q"', 'rawString:`r\nw`',
  ]);
  assert.deepEqual(lex('{{3x}}'), ['leftDelim:{{', 'error:bad number syntax: "3x"']);
  assert.deepEqual(lex('{{"abc}}'), ['leftDelim:{{', 'error:unterminated quoted string']);
  assert.deepEqual(lex('{{`abc}}'), ['leftDelim:{{', 'error:unterminated raw quoted string']);
  assert.deepEqual(lex("{{'a}}"), ['leftDelim:{{', 'error:unterminated character constant']);
});

test('trim markers take the spaces around an action, only with a space after or before the dash', () => {
  assert.deepEqual(lex('a  {{- 1 -}}  b'), ['text:a', 'leftDelim:{{', 'number:1', 'rightDelim:}}', 'text:b', 'EOF']);
  assert.deepEqual(lex('x \n\t{{- .y}}'), ['text:x', 'leftDelim:{{', 'field:.y', 'rightDelim:}}', 'EOF']);
  // Without the space, the dash is a sign.
  assert.deepEqual(lex('{{-3}}'), ['leftDelim:{{', 'number:-3', 'rightDelim:}}', 'EOF']);
  assert.deepEqual(lex('{{3 -}}\n x'), ['leftDelim:{{', 'number:3', 'rightDelim:}}', 'text:x', 'EOF']);
});

test('comments are dropped (with their trim markers) and must end at the delimiter', () => {
  assert.deepEqual(lex('a {{- /* c */ -}} b'), ['text:a', 'text:b', 'EOF']);
  assert.deepEqual(lex('{{/* c */}}'), ['EOF']);
  assert.deepEqual(lex('{{/* c */}}', { emitComment: true }), ['comment:/* c */', 'EOF']);
  assert.deepEqual(lex('{{/* c'), ['error:unclosed comment']);
  assert.deepEqual(lex('{{/* c */ x}}'), ['error:comment ends before closing delimiter']);
});

test('action errors', () => {
  assert.deepEqual(lex('{{.x'), ['leftDelim:{{', 'field:.x', 'error:unclosed action']);
  assert.deepEqual(lex('{{.x}'), ['leftDelim:{{', "error:bad character U+007D '}'"]);
  assert.deepEqual(lex('{{(1}}'), ['leftDelim:{{', 'leftParen:(', 'number:1', 'error:unclosed left paren']);
  assert.deepEqual(lex('{{)}}'), ['leftDelim:{{', 'error:unexpected right paren']);
  assert.deepEqual(lex('{{:}}'), ['leftDelim:{{', 'error:expected :=']);
  assert.deepEqual(lex('{{\u0001}}'), ['leftDelim:{{', 'error:unrecognized character in action: U+0001']);
  assert.deepEqual(lex('{{é}}'), ['leftDelim:{{', 'identifier:é', 'rightDelim:}}', 'EOF']);
  assert.deepEqual(lex('{{#}}'), ['leftDelim:{{', 'char:#', 'rightDelim:}}', 'EOF']);
});

test('items carry the line they start on, newlines inside actions included', () => {
  const l = new Lexer('a\nb{{.x\n}}\n{{.y}}');
  const items: Item[] = [];
  for (let item = l.nextItem(); item.type !== 'eof'; item = l.nextItem()) items.push(item);
  assert.deepEqual(items.map((i) => `${i.type}@${i.line}:${i.pos}`), [
    'text@1:0', 'leftDelim@2:3', 'field@2:5', 'space@2:7', 'rightDelim@3:8', 'text@3:10', 'leftDelim@4:11', 'field@4:13', 'rightDelim@4:15',
  ]);
});
