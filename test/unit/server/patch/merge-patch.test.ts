import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonValue } from '../../../../src/sdk/types/meta.js';
import { applyMergePatch } from '../../../../src/server/patch/index.js';

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
