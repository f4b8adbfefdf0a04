/**
 * Machinery's Go JSON writer (machinery/json/go-json.ts) as its users call it: the server's and the
 * client's `json.Marshal` of the last-applied annotation (one writer, so both write the same bytes),
 * typed objects in field order for `-o json`, and map keys in UTF-8 order.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareUtf8, inGoFieldOrder, toJson } from '../../../src/machinery/json/go-json.js';
import { goJsonCompact } from '../../../src/sdk/apply/go-json.js';
import { compareGoStrings, toGoJson } from '../../../src/sdk/config/encode.js';
import { compareStrings, goJson } from '../../../src/server/fieldmanager/go-json.js';

test('map keys sort by their UTF-8 bytes, not by UTF-16 code units', () => {
  const keys = ['\uff5e', '😀', 'b', 'a', 'é'];
  assert.deepEqual([...keys].sort(compareUtf8), ['a', 'b', 'é', '\uff5e', '😀']);
  assert.deepEqual([...keys].sort(compareStrings), [...keys].sort(compareUtf8));
  assert.deepEqual([...keys].sort(compareGoStrings), [...keys].sort(compareUtf8));
});

test('the last-applied annotation: the server and the client write the same bytes, every object sorted', () => {
  const object = inGoFieldOrder({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a', labels: { '😀': '1', z: '<&>' } }, data: { '\uff5e': 'x', b: '\ud800' } });
  const text = '{"apiVersion":"v1","data":{"b":"\ufffd","\uff5e":"x"},"kind":"ConfigMap","metadata":{"labels":{"z":"\\u003c\\u0026\\u003e","😀":"1"},"name":"a"}}';
  assert.equal(goJsonCompact(object), text);
  assert.equal(goJson(object as never), text);
  assert.equal(toJson(object), '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"a","labels":{"😀":"1","z":"\\u003c\\u0026\\u003e"}},"data":{"\uff5e":"x","b":"\ufffd"}}', 'a typed object keeps its field order');
  assert.equal(goJsonCompact({ n: 2n ** 60n, f: 1.5, nan: Number.NaN }), '{"f":1.5,"n":1152921504606846976,"nan":null}');
});

test('config view -o json: struct order, maps sorted, Go\'s escapes, a final newline', () => {
  const config = { kind: 'Config', apiVersion: 'v1', users: [{ name: 'u', user: { 'as-user-extra': { z: ['1'], a: ['2'] }, token: 'a\bb' } }] };
  assert.equal(toGoJson(config), '{\n    "kind": "Config",\n    "apiVersion": "v1",\n    "users": [\n        {\n            "name": "u",\n            "user": {\n                "as-user-extra": {\n                    "a": [\n                        "2"\n                    ],\n                    "z": [\n                        "1"\n                    ]\n                },\n                "token": "a\\bb"\n            }\n        }\n    ]\n}\n');
});
