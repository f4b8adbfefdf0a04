/**
 * JSON merge patch (machinery/patch/merge-patch.ts): RFC 7386 application as the API server and
 * `patch --local` apply it, and the patches client-side apply builds (apimachinery's
 * jsonmergepatch, for kinds without a strategic schema).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonValue } from '../../../../src/machinery/json-numbers.js';
import { PatchFailure } from '../../../../src/machinery/patch/errors.js';
import { applyMergePatch, createMergePatch, createThreeWayJsonMergePatch } from '../../../../src/machinery/patch/merge-patch.js';

// RFC 7386, Appendix A.
const EXAMPLES: [string, string, string][] = [
  ['{"a":"b"}', '{"a":"c"}', '{"a":"c"}'],
  ['{"a":"b"}', '{"b":"c"}', '{"a":"b","b":"c"}'],
  ['{"a":"b"}', '{"a":null}', '{}'],
  ['{"a":"b","b":"c"}', '{"a":null}', '{"b":"c"}'],
  ['{"a":["b"]}', '{"a":"c"}', '{"a":"c"}'],
  ['{"a":"c"}', '{"a":["b"]}', '{"a":["b"]}'],
  ['{"a":{"b":"c"}}', '{"a":{"b":"d","c":null}}', '{"a":{"b":"d"}}'],
  ['{"a":[{"b":"c"}]}', '{"a":[1]}', '{"a":[1]}'],
  ['["a","b"]', '["c","d"]', '["c","d"]'],
  ['{"a":"b"}', '["c"]', '["c"]'],
  ['{"a":"foo"}', 'null', 'null'],
  ['{"a":"foo"}', '"bar"', '"bar"'],
  ['{"e":null}', '{"a":1}', '{"e":null,"a":1}'],
  ['[1,2]', '{"a":"b","c":null}', '{"a":"b"}'],
  ['{}', '{"a":{"bb":{"ccc":null}}}', '{"a":{"bb":{}}}'],
];

for (const [original, patch, result] of EXAMPLES) {
  test(`RFC 7386: ${original} + ${patch}`, () => {
    const target = JSON.parse(original) as JsonValue;
    const before = JSON.stringify(target);
    assert.deepEqual(applyMergePatch(target, JSON.parse(patch) as JsonValue), JSON.parse(result));
    assert.equal(JSON.stringify(target), before, 'the target is not modified');
  });
}

test('merge patch keys that are not plain identifiers, __proto__ included', () => {
  const out = applyMergePatch({ metadata: { labels: { a: '1' } } }, JSON.parse('{"metadata":{"labels":{"__proto__":"x","a":null}}}') as JsonValue);
  assert.equal(JSON.stringify(out), '{"metadata":{"labels":{"__proto__":"x"}}}');
  assert.equal(Object.getPrototypeOf((out as { metadata: { labels: object } }).metadata.labels), Object.prototype);
});

test('merge patch clearing managedFields with [{}] passes the list through', () => {
  const out = applyMergePatch({ metadata: { managedFields: [{ manager: 'a' }] } }, { metadata: { managedFields: [{}] } });
  assert.deepEqual(out, { metadata: { managedFields: [{}] } });
});

test('RFC 7386 diff and apply', () => {
  assert.deepEqual(createMergePatch({ a: 1, b: { c: 1, d: 2 }, l: [1] }, { a: 1, b: { c: 2 }, l: [1, 2], n: null }), { b: { c: 2, d: null }, l: [1, 2], n: null });
  assert.deepEqual(applyMergePatch({ a: 1, b: { c: 1 } }, { a: null, b: { d: 2 } }), { b: { c: 1, d: 2 } });
});

test('additions and changes from live, deletions from last-applied; lists replaced whole', () => {
  const original = { spec: { size: 1, color: 'red', tags: ['a'] } };
  const modified = { spec: { size: 2, tags: ['a', 'b'] } };
  const current = { spec: { size: 1, color: 'red', tags: ['a'], owner: 'controller' }, status: { ready: true } };
  const patch = createThreeWayJsonMergePatch(original, modified, current);
  assert.deepEqual(patch, { spec: { size: 2, color: null, tags: ['a', 'b'] } });
  assert.deepEqual(applyMergePatch(current, patch), { spec: { size: 2, tags: ['a', 'b'], owner: 'controller' }, status: { ready: true } });
});

test('an explicitly empty object is a value; unchanged gives {}', () => {
  assert.deepEqual(createThreeWayJsonMergePatch({ a: { b: 1 } }, { a: {} }, { a: { b: 1 } }), { a: { b: null } });
  assert.deepEqual(createThreeWayJsonMergePatch(undefined, { x: {} }, {}), { x: {} });
  assert.deepEqual(createThreeWayJsonMergePatch({ a: 1 }, { a: 1 }, { a: 1, b: 2 }), {});
});

test('apiVersion, kind and name may not change', () => {
  assert.throws(() => createThreeWayJsonMergePatch({ kind: 'A' }, { kind: 'B' }, { kind: 'A' }), (e: unknown) => e instanceof PatchFailure && /At least one of apiVersion, kind and name was changed/.test(e.message));
  assert.throws(() => createThreeWayJsonMergePatch(undefined, { metadata: { name: 'b' } }, { metadata: { name: 'a' } }), /was changed/);
});
