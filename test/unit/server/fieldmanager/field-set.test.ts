// The field-set trie, path elements and the FieldsV1 encoding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FieldSet } from '../../../../src/server/fieldmanager/field-set.js';
import { fromFieldsV1, toFieldsV1 } from '../../../../src/server/fieldmanager/fields-v1.js';
import { fieldElement as f, keyElement, parsePathElement, pathString, valueElement } from '../../../../src/server/fieldmanager/path-element.js';

test('path elements: FieldsV1 keys with sorted compact key JSON and Go escaping', () => {
  assert.equal(f('spec').key, 'f:spec');
  assert.equal(keyElement([['protocol', 'TCP'], ['containerPort', 80]]).key, 'k:{"containerPort":80,"protocol":"TCP"}');
  assert.equal(valueElement('a<b>&c').key, 'v:"a\\u003cb\\u003e\\u0026c"');
  assert.equal(valueElement(1.5).key, 'v:1.5');
  assert.equal(parsePathElement('k:{ "protocol": "TCP", "containerPort": 80 }')?.key, 'k:{"containerPort":80,"protocol":"TCP"}');
  assert.equal(parsePathElement('x:unknown'), undefined);
  assert.throws(() => parsePathElement('f'), /2 characters/);
  assert.throws(() => parsePathElement('fx'), /missing colon/);
});

test('paths print as in apply conflicts', () => {
  assert.equal(pathString([f('spec'), f('containers'), keyElement([['name', 'nginx']]), f('image')]), '.spec.containers[name="nginx"].image');
  assert.equal(pathString([f('spec'), f('ports'), keyElement([['port', 80], ['protocol', 'TCP']])]), '.spec.ports[port=80,protocol="TCP"]');
  assert.equal(pathString([f('metadata'), f('finalizers'), valueElement('a')]), '.metadata.finalizers[="a"]');
});

test('FieldsV1 orders fields, then keys, then values, with "." first', () => {
  const set = FieldSet.of(
    [f('spec'), f('z')],
    [f('spec'), f('a')],
    [f('spec'), f('list'), valueElement(true)],
    [f('spec'), f('list'), valueElement('s')],
    [f('spec'), f('list'), valueElement(2)],
    [f('spec'), f('items'), keyElement([['name', 'b']])],
    [f('spec'), f('items'), keyElement([['name', 'b']]), f('x')],
    [f('spec'), f('items'), keyElement([['name', 'a']])],
  );
  assert.equal(JSON.stringify(toFieldsV1(set)), '{"f:spec":{"f:a":{},"f:items":{"k:{\\"name\\":\\"a\\"}":{},"k:{\\"name\\":\\"b\\"}":{".":{},"f:x":{}}},"f:list":{"v:2":{},"v:\\"s\\"":{},"v:true":{}},"f:z":{}}}');
  assert.ok(fromFieldsV1(toFieldsV1(set)).equals(set), 'round trip');
});

test('set algebra: union, intersection, difference (not recursive) and recursive difference', () => {
  const a = FieldSet.of([f('a')], [f('a'), f('b')], [f('c'), f('d')]);
  const b = FieldSet.of([f('a')], [f('c')]);
  assert.deepEqual(a.difference(b).paths().map(pathString), ['.a.b', '.c.d']);
  assert.deepEqual(a.recursiveDifference(b).paths().map(pathString), []);
  assert.deepEqual(a.intersection(b).paths().map(pathString), ['.a']);
  assert.deepEqual(a.union(b).paths().map(pathString), ['.a', '.c', '.a.b', '.c.d']);
  assert.ok(a.has([f('c'), f('d')]) && !a.has([f('c')]));
  assert.equal(a.size(), 3);
});
