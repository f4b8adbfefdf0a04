import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toJson } from '../../../../src/machinery/json/go-json.js';
import { goSprint } from '../../../../src/machinery/json/go-sprint.js';
import { formatGoFloat } from '../../../../src/machinery/go-number.js';

test('JSON is written as Go writes it: sorted keys, HTML-safe escapes, four-space indent', () => {
  const value = { b: [1, { d: '<&>', c: '\u2028' }], a: '\x01\b\f\n\r\t"\\', e: [], f: {}, '😀': 1, 'é': 2, z: 1e21, y: 1e-7 };
  assert.equal(
    toJson(value),
    '{"a":"\\u0001\\b\\f\\n\\r\\t\\"\\\\","b":[1,{"c":"\\u2028","d":"\\u003c\\u0026\\u003e"}],"e":[],"f":{},"y":1e-7,"z":1e+21,"é":2,"😀":1}',
  );
  assert.equal(toJson({ a: [1], b: {} }, { indent: '    ' }), '{\n    "a": [\n        1\n    ],\n    "b": {}\n}');
  assert.equal(toJson('\ud800'), '"\ufffd"');
});

test('Go fmt prints decoded JSON values', () => {
  assert.equal(goSprint({ b: [1, 'x', null], a: true }), 'map[a:true b:[1 x <nil>]]');
  assert.equal(goSprint(null), '<nil>');
  assert.equal(goSprint(3), '3');
  assert.equal(goSprint(2 ** 63), '9.223372036854776e+18');
  for (const [n, text] of [[1.5, '1.5'], [1e6 + 0.5, '1.0000005e+06'], [123456.5, '123456.5'], [0.0001, '0.0001'], [0.00001, '1e-05'], [-2.5e-10, '-2.5e-10']] as const) {
    assert.equal(formatGoFloat(n), text);
  }
});
