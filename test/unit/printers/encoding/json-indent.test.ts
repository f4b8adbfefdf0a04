// Go's json.Indent over text a server sent (an annotation's last-applied configuration).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonSyntaxError, jsonIndent } from '../../../../src/printers/encoding/json-indent.js';

test('tokens re-indented, key order and escapes kept, trailing white space kept', () => {
  assert.equal(jsonIndent('{"b":1, "a":[1,{}],"c":"\\u0041"} \n', '  '), '{\n  "b": 1,\n  "a": [\n    1,\n    {}\n  ],\n  "c": "\\u0041"\n} \n');
  assert.throws(() => jsonIndent('{"a":1', '  '), JsonSyntaxError);
});

test('long runs of white space are read in linear time', () => {
  const started = Date.now();
  assert.equal(jsonIndent(`${'\t'.repeat(300_000)}0${'\t'.repeat(300_000)}`, '  ').length, 300_001);
  assert.equal(jsonIndent(`[1,${' '.repeat(300_000)}2]`, ''), '[\n1,\n2\n]');
  assert.ok(Date.now() - started < 1000, `took ${Date.now() - started} ms`);
});
