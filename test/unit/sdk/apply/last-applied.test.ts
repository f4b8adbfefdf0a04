/**
 * The last-applied-configuration annotation: the exact text kubectl records (Go JSON, sorted keys,
 * HTML-escaped, a final newline, an empty annotations map kept), reading it back, and the size check.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AnnotationTooLargeError, ANNOTATIONS_SIZE_LIMIT, annotationsSize, checkAnnotationSize, lastAppliedJson, readLastApplied, withLastApplied } from '../../../../src/sdk/apply/last-applied.js';
import { goJsonCompact } from '../../../../src/sdk/apply/go-json.js';
import { ANNOTATIONS } from '../../../../src/sdk/naming.js';

test('Go JSON: sorted keys, HTML and line-separator escapes', () => {
  assert.equal(goJsonCompact({ b: 1, a: ['<x>&', '\u2028'], c: { z: null, y: true } }), '{"a":["\\u003cx\\u003e\\u0026","\\u2028"],"b":1,"c":{"y":true,"z":null}}');
});

test('the annotation is the object without itself, with annotations: {} kept, as kubectl writes it', () => {
  const object = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'foo', namespace: 'default' }, data: { a: '1' } };
  assert.equal(lastAppliedJson(object), '{"apiVersion":"v1","data":{"a":"1"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"foo","namespace":"default"}}\n');
  const annotated = withLastApplied(object);
  assert.equal(annotated.metadata?.annotations?.[ANNOTATIONS.lastApplied], lastAppliedJson(object));
  // Applying the annotated object again records the same text (no recursion).
  assert.equal(withLastApplied(annotated).metadata?.annotations?.[ANNOTATIONS.lastApplied], lastAppliedJson(object));
  assert.deepEqual(readLastApplied(annotated), JSON.parse(lastAppliedJson(object)));
  assert.equal(readLastApplied({ metadata: { annotations: { [ANNOTATIONS.lastApplied]: 'not json' } } }), undefined);
});

test('objects whose annotation would exceed 262144 bytes are refused with a pointer to --server-side', () => {
  const big = withLastApplied({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data: { blob: 'x'.repeat(270_000) } });
  assert.ok(annotationsSize(big) > ANNOTATIONS_SIZE_LIMIT);
  assert.throws(() => checkAnnotationSize(big, 'configmap/big'), (err: unknown) => err instanceof AnnotationTooLargeError && /configmap\/big: .* more than the limit of 262144 bytes; apply it with --server-side/.test(err.message));
  const small = withLastApplied({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'small' }, data: { blob: 'x'.repeat(100_000) } });
  checkAnnotationSize(small, 'configmap/small');
});
