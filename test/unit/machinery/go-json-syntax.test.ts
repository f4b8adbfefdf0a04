import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goJsonSyntaxError, goJsonValueKind } from '../../../src/machinery/go-json-syntax.js';

const check = (text: string): string | undefined => goJsonSyntaxError(Buffer.from(text, 'utf8'));

test('valid JSON has no syntax error', () => {
  for (const text of ['{}', ' [ ] ', '{"a":[1,-2.5e+3,true,false,null,"x\\u00e9\\n"]}', '0', '"s"', '1E5 \n']) assert.equal(check(text), undefined, text);
});

test('the messages of Go\'s json.SyntaxError', () => {
  const cases: [string, string][] = [
    ['apiVersion: v1\nkind: Pod\n', 'invalid character \'a\' looking for beginning of value'],
    ['{"a":1,}', 'invalid character \'}\' looking for beginning of object key string'],
    ['{"a" 1}', 'invalid character \'1\' after object key'],
    ['{"a":1 "b":2}', 'invalid character \'"\' after object key:value pair'],
    ['[1 2]', 'invalid character \'2\' after array element'],
    ['{', 'unexpected end of JSON input'],
    ['', 'unexpected end of JSON input'],
    ['tru', 'invalid character \' \' in literal true (expecting \'e\')'],
    ['trx', 'invalid character \'x\' in literal true (expecting \'u\')'],
    ['nul', 'invalid character \' \' in literal null (expecting \'l\')'],
    ['1.x', 'invalid character \'x\' after decimal point in numeric literal'],
    ['1e', 'invalid character \' \' in exponent of numeric literal'],
    ['-', 'invalid character \' \' in numeric literal'],
    ['"\\x"', 'invalid character \'x\' in string escape code'],
    ['"\\u12g4"', 'invalid character \'g\' in \\u hexadecimal character escape'],
    ['{} x', 'invalid character \'x\' after top-level value'],
    ['"a\nb"', 'invalid character \'\\n\' in string literal'],
    ['\'', 'invalid character \'\\\'\' looking for beginning of value'],
    ['01', 'invalid character \'1\' after top-level value'],
  ];
  for (const [text, message] of cases) assert.equal(check(text), message, JSON.stringify(text));
});

test('deep nesting is scanned without recursion and stops at Go\'s limit', () => {
  assert.equal(check('['.repeat(20000)), 'exceeded max depth');
  assert.equal(check(`${'['.repeat(5000)}x`), 'invalid character \'x\' looking for beginning of value');
});

test('Go\'s names of value kinds', () => {
  assert.deepEqual([[], {}, 'a', 1, true, null].map(goJsonValueKind), ['array', 'object', 'string', 'number', 'bool', 'null']);
});
