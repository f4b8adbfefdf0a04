// Validation of custom resources against their schema, pruning and defaulting.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadRe2 } from '../../../../src/machinery/regex/re2.js';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { applyDefaults, pruneUnknownFields, validateObject } from '../../../../src/server/schema-validation/index.js';
import { errorBody } from '../../../../src/server/validation/field-errors.js';

const SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['replicas', 'name'],
      properties: {
        replicas: { type: 'integer', format: 'int32', minimum: 1, maximum: 10 },
        name: { type: 'string', minLength: 3, maxLength: 8, pattern: '^[a-z]+$' },
        mode: { type: 'string', enum: ['fast', 'slow'] },
        ratio: { type: 'number', exclusiveMinimum: true, minimum: 0, multipleOf: 0.5 },
        when: { type: 'string', format: 'date-time' },
        id: { type: 'string', format: 'uuid' },
        tags: { type: 'array', maxItems: 2, minItems: 1, items: { type: 'string' }, 'x-platform-list-type': 'set' },
        routes: { type: 'array', 'x-platform-list-type': 'map', 'x-platform-list-map-keys': ['path'], items: { type: 'object', required: ['path'], properties: { path: { type: 'string' }, port: { type: 'integer', default: 80 } } } },
        labels: { type: 'object', maxProperties: 1, additionalProperties: { type: 'string' } },
        note: { type: 'string', nullable: true },
        port: { 'x-platform-int-or-string': true },
        raw: { type: 'object', 'x-platform-preserve-unknown-fields': true },
        choice: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, oneOf: [{ required: ['a'] }, { required: ['b'] }] },
        size: { type: 'string', default: 'medium' },
        nested: { type: 'object', default: {}, properties: { level: { type: 'integer', default: 1 } } },
      },
    },
  },
};

// Patterns run on RE2, which the server loads when it starts.
before(loadRe2);

const base = (spec: JsonObject): JsonObject => ({ apiVersion: 'example.com/v1', kind: 'W', metadata: { name: 'w', anything: true }, spec: { replicas: 2, name: 'abc', ...spec } });

function errorsOf(spec: JsonObject): string[] {
  return validateObject(base(spec), SCHEMA).map((e) => `${e.field}: ${errorBody(e)}`);
}

test('a valid object has no errors; metadata, apiVersion and kind are not checked here', () => {
  assert.deepEqual(errorsOf({ mode: 'fast', ratio: 1.5, when: '2024-01-02T03:04:05Z', id: '123e4567-e89b-12d3-a456-426614174000', tags: ['a'], port: 'http', raw: { x: [1] }, choice: { a: 'x' }, note: null }), []);
});

test('type errors name the expected and the actual type', () => {
  assert.deepEqual(errorsOf({ replicas: 'three' }), ['spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"']);
  assert.deepEqual(errorsOf({ mode: null }), ['spec.mode: Invalid value: "null": spec.mode in body must be of type string: "null"']);
  assert.deepEqual(errorsOf({ port: true }), ['spec.port: Invalid value: "boolean": spec.port in body must be of type integer,string: "boolean"']);
  assert.deepEqual(validateObject({ spec: [] }, SCHEMA).map((e) => e.type), ['FieldValueTypeInvalid']);
});

test('required, enum, lengths, pattern and numeric bounds', () => {
  assert.deepEqual(validateObject({ spec: {} }, SCHEMA).map((e) => `${e.field}: ${errorBody(e)}`), ['spec.replicas: Required value', 'spec.name: Required value']);
  assert.deepEqual(errorsOf({ mode: 'medium' }), ['spec.mode: Unsupported value: "medium": supported values: "fast", "slow"']);
  assert.deepEqual(errorsOf({ name: 'ab' }), ['spec.name: Invalid value: "ab": spec.name in body should be at least 3 chars long']);
  assert.deepEqual(errorsOf({ name: 'abcdefghi' }), ['spec.name: Too long: may not be more than 8 bytes']);
  assert.deepEqual(errorsOf({ name: 'ABC' }), ['spec.name: Invalid value: "ABC": spec.name in body should match \'^[a-z]+$\'']);
  assert.deepEqual(errorsOf({ replicas: 0 }), ['spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1']);
  assert.deepEqual(errorsOf({ replicas: 11 }), ['spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10']);
  assert.deepEqual(errorsOf({ ratio: 0 }), ['spec.ratio: Invalid value: 0: spec.ratio in body should be greater than 0']);
  assert.deepEqual(errorsOf({ ratio: 0.7 }), ['spec.ratio: Invalid value: 0.7: spec.ratio in body should be a multiple of 0.5']);
});

test('formats: int32, date-time, uuid', () => {
  assert.deepEqual(validateObject({ spec: { replicas: 2 ** 40, name: 'abc' } }, { type: 'object', properties: { spec: { type: 'object', properties: { replicas: { type: 'integer', format: 'int32' } } } } }).map(errorBody), [
    'Invalid value: 1099511627776: spec.replicas in body must be of type int32: "1099511627776"',
  ]);
  assert.deepEqual(errorsOf({ when: 'yesterday' }), ['spec.when: Invalid value: "yesterday": spec.when in body must be of type date-time: "yesterday"']);
  assert.deepEqual(errorsOf({ id: 'nope' }), ['spec.id: Invalid value: "nope": spec.id in body must be of type uuid: "nope"']);
});

test('lists: items bounds, set duplicates, map-key duplicates, item paths', () => {
  assert.deepEqual(errorsOf({ tags: ['a', 'b', 'c'] }), ['spec.tags: Too many: 3: must have at most 2 items']);
  assert.deepEqual(errorsOf({ tags: [] }), ['spec.tags: Invalid value: []interface {}{}: spec.tags in body should have at least 1 items']);
  assert.deepEqual(errorsOf({ tags: ['a', 'a'] }), ['spec.tags[1]: Duplicate value: "a"']);
  assert.deepEqual(errorsOf({ routes: [{ path: '/a' }, { path: '/a' }, {}] }), ['spec.routes[1]: Duplicate value: map[string]interface {}{"path":"/a"}', 'spec.routes[2].path: Required value']);
});

test('maps, oneOf, and nullable', () => {
  assert.deepEqual(errorsOf({ labels: { a: 'x', b: 'y' } }), ['spec.labels: Too many: 2: must have at most 1 item']);
  assert.deepEqual(errorsOf({ labels: { a: 1 } }), ['spec.labels.a: Invalid value: "integer": spec.labels.a in body must be of type string: "integer"']);
  assert.deepEqual(errorsOf({ choice: { a: 'x', b: 'y' } }), ['spec.choice: Invalid value: map[string]interface {}{"a":"x", "b":"y"}: spec.choice in body must validate one and only one schema (oneOf)']);
});

test('pruning drops undeclared fields and reports them, keeping metadata and preserved subtrees', () => {
  const pruned: string[] = [];
  const out = pruneUnknownFields(base({ extra: 1, raw: { keep: { deep: true } }, routes: [{ path: '/a', junk: 1 }], labels: { any: 'x' } }), SCHEMA, { pruned });
  assert.deepEqual(out, { apiVersion: 'example.com/v1', kind: 'W', metadata: { name: 'w', anything: true }, spec: { replicas: 2, name: 'abc', raw: { keep: { deep: true } }, routes: [{ path: '/a' }], labels: { any: 'x' } } });
  assert.deepEqual(pruned, ['spec.extra', 'spec.routes[0].junk']);
  assert.deepEqual(pruneUnknownFields({ apiVersion: 'v', kind: 'K', metadata: {}, other: 1 }, { type: 'object' }), { apiVersion: 'v', kind: 'K', metadata: {} });
});

test('defaults apply to missing fields, to non-nullable nulls, and inside defaulted objects', () => {
  const out = applyDefaults(base({ routes: [{ path: '/a' }, { path: '/b', port: 8080 }], size: null }), SCHEMA) as { spec: JsonObject };
  assert.equal(out.spec.size, 'medium');
  assert.deepEqual(out.spec.nested, { level: 1 });
  assert.deepEqual(out.spec.routes, [{ path: '/a', port: 80 }, { path: '/b', port: 8080 }]);
  assert.equal(out.spec.note, undefined, 'no default, nothing added');
});

test('patterns run as Go runs them: a value that would make a backtracking engine run for minutes is answered at once', () => {
  const schema: JsonObject = { type: 'object', properties: { spec: { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' }, code: { type: 'string', pattern: '^(a|aa)*c$' } } } } };
  const started = process.hrtime.bigint();
  const errors = validateObject({ spec: { name: `${'a'.repeat(40)}!`, code: 'a'.repeat(60) } }, schema).map((e) => `${e.field}: ${errorBody(e)}`);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  assert.deepEqual(errors, [
    `spec.name: Invalid value: "${'a'.repeat(40)}!": spec.name in body should match '^(a+)+$'`,
    `spec.code: Invalid value: "${'a'.repeat(60)}": spec.code in body should match '^(a|aa)*c$'`,
  ]);
  assert.ok(ms < 1000, `validation took ${ms.toFixed(0)} ms`);
  assert.deepEqual(validateObject({ spec: { name: 'aaa', code: 'aac' } }, schema), []);
});

test('a stored pattern that Go does not compile fails every value, saying why (kube-openapi)', () => {
  const schema: JsonObject = { type: 'object', properties: { spec: { type: 'object', properties: { name: { type: 'string', pattern: 'a(?=b)' } } } } };
  assert.deepEqual(validateObject({ spec: { name: 'ab' } }, schema).map((e) => `${e.field}: ${errorBody(e)}`), [
    "spec.name: Invalid value: \"ab\": spec.name in body should match 'a(?=b), but pattern is invalid: error parsing regexp: invalid or unsupported Perl syntax: `(?=`'",
  ]);
});
