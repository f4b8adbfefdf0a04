// Structural-schema rules of CRD versions, with the apiextensions server's messages.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadRe2 } from '../../../../src/machinery/regex/re2.js';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { validateStructuralSchema } from '../../../../src/server/schema-validation/index.js';
import { errorBody } from '../../../../src/server/validation/field-errors.js';

const PATH = 'spec.versions[0].schema.openAPIV3Schema';

// Patterns are compiled with RE2, which the server loads when it starts.
before(loadRe2);

function errorsOf(schema: JsonObject): string[] {
  return validateStructuralSchema(schema, PATH).map((e) => `${e.field}: ${errorBody(e)} [${e.type}]`);
}

const valid: JsonObject = {
  type: 'object',
  properties: {
    metadata: { type: 'object', properties: { name: { type: 'string', maxLength: 20 } } },
    spec: {
      type: 'object',
      required: ['size'],
      properties: {
        size: { type: 'integer', minimum: 1, default: 3 },
        mode: { type: 'string', enum: ['a', 'b'] },
        port: { 'x-platform-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
        tags: { type: 'array', items: { type: 'string' }, 'x-platform-list-type': 'set' },
        routes: { type: 'array', 'x-platform-list-type': 'map', 'x-platform-list-map-keys': ['name'], items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        raw: { type: 'object', 'x-platform-preserve-unknown-fields': true },
        template: { type: 'object', 'x-platform-embedded-resource': true, 'x-platform-preserve-unknown-fields': true },
        either: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, oneOf: [{ required: ['a'] }, { required: ['b'] }] },
      },
    },
    status: { type: 'object', nullable: true, properties: { ready: { type: 'boolean' } } },
  },
};

test('a valid structural schema has no errors', () => {
  assert.deepEqual(errorsOf(valid), []);
});

test('every node must have a type', () => {
  assert.deepEqual(errorsOf({ properties: { spec: { type: 'object' } } }), [`${PATH}.type: Required value: must not be empty at the root [FieldValueRequired]`]);
  assert.deepEqual(errorsOf({ type: 'object', properties: { spec: { properties: { a: { type: 'string' } } } } }), [`${PATH}.properties[spec].type: Required value: must not be empty for specified object fields [FieldValueRequired]`]);
  assert.deepEqual(errorsOf({ type: 'object', properties: { list: { type: 'array', items: { minLength: 1 } } } }), [`${PATH}.properties[list].items.type: Required value: must not be empty for specified array items [FieldValueRequired]`]);
  assert.deepEqual(errorsOf({ type: 'object', properties: { list: { type: 'array' } } }), [`${PATH}.properties[list].items: Required value: must be specified [FieldValueRequired]`]);
  assert.deepEqual(errorsOf({ type: 'string' }), [`${PATH}.type: Invalid value: "string": must be object at the root [FieldValueInvalid]`]);
});

test('value validations must not carry structure: types, nullable, defaults, markers', () => {
  const errors = errorsOf({
    type: 'object',
    properties: { a: { type: 'string' } },
    anyOf: [{ type: 'object' }, { nullable: true }, { properties: { a: { default: 'x' } } }, { 'x-platform-preserve-unknown-fields': true }],
  });
  assert.deepEqual(errors, [
    `${PATH}.anyOf[0].type: Forbidden: must be empty to be structural [FieldValueForbidden]`,
    `${PATH}.anyOf[1].nullable: Forbidden: must be false to be structural [FieldValueForbidden]`,
    `${PATH}.anyOf[2].properties[a].default: Forbidden: must be undefined to be structural [FieldValueForbidden]`,
    `${PATH}.anyOf[3].x-platform-preserve-unknown-fields: Forbidden: must be undefined to be structural [FieldValueForbidden]`,
  ]);
});

test('properties named in value validations must be declared', () => {
  assert.deepEqual(errorsOf({ type: 'object', properties: { a: { type: 'string' } }, allOf: [{ properties: { b: { minLength: 1 } } }] }), [
    `${PATH}.properties[b]: Required value: because it is defined in ${PATH}.allOf[0].properties[b] [FieldValueRequired]`,
  ]);
});

test('nullable at the root, and x-platform-preserve-unknown-fields misuse', () => {
  assert.deepEqual(errorsOf({ type: 'object', nullable: true }), [`${PATH}.nullable: Forbidden: nullable cannot be true at the root [FieldValueForbidden]`]);
  assert.deepEqual(errorsOf({ type: 'object', properties: { a: { type: 'object', 'x-platform-preserve-unknown-fields': false } } }), [
    `${PATH}.properties[a].x-platform-preserve-unknown-fields: Invalid value: false: must be true or undefined [FieldValueInvalid]`,
  ]);
  assert.deepEqual(errorsOf({ type: 'object', properties: { a: { 'x-platform-int-or-string': true, 'x-platform-preserve-unknown-fields': true } } }), [
    `${PATH}.properties[a].x-platform-preserve-unknown-fields: Invalid value: true: must be false if x-platform-int-or-string is true [FieldValueInvalid]`,
  ]);
});

test('embedded resources, metadata, additionalProperties at the root', () => {
  assert.deepEqual(errorsOf({ type: 'object', properties: { t: { 'x-platform-embedded-resource': true, 'x-platform-preserve-unknown-fields': true } } }), [
    `${PATH}.properties[t].type: Required value: must be object if x-platform-embedded-resource is true [FieldValueRequired]`,
  ]);
  assert.deepEqual(errorsOf({ type: 'object', properties: { t: { type: 'object', 'x-platform-embedded-resource': true } } }), [
    `${PATH}.properties[t].properties: Required value: must not be empty if x-platform-embedded-resource is true without x-platform-preserve-unknown-fields [FieldValueRequired]`,
  ]);
  assert.deepEqual(errorsOf({ type: 'object', properties: { metadata: { type: 'object', properties: { labels: { type: 'object' } } } } }), [
    `${PATH}.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified [FieldValueForbidden]`,
  ]);
  assert.deepEqual(errorsOf({ type: 'object', additionalProperties: { type: 'string' } }), [`${PATH}.additionalProperties: Forbidden: must not be used at the root [FieldValueForbidden]`]);
});

test('OpenAPI keywords the apiserver does not support, and bad types', () => {
  assert.deepEqual(errorsOf({ type: 'object', properties: { a: { type: 'array', items: { type: 'string' }, uniqueItems: true }, b: { $ref: '#/x' }, c: { type: 'null' }, d: { type: 'date' } } }), [
    `${PATH}.properties[a].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic [FieldValueForbidden]`,
    `${PATH}.properties[b].$ref: Forbidden: $ref is not supported [FieldValueForbidden]`,
    `${PATH}.properties[c].type: Forbidden: type cannot be set to null, use nullable as an alternative [FieldValueForbidden]`,
    `${PATH}.properties[d].type: Unsupported value: "date": supported values: "array", "boolean", "integer", "number", "object", "string" [FieldValueNotSupported]`,
    `${PATH}.properties[b].type: Required value: must not be empty for specified object fields [FieldValueRequired]`,
  ]);
  assert.deepEqual(errorsOf({ type: 'object', properties: { a: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: { type: 'string' } } } }), [
    `${PATH}.properties[a].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive [FieldValueForbidden]`,
  ]);
});

test('list and map markers', () => {
  const list = (extra: JsonObject, itemsSchema: JsonObject = { type: 'object', properties: { k: { type: 'string' } } }): JsonObject => ({ type: 'object', properties: { l: { type: 'array', items: itemsSchema, ...extra } } });
  assert.deepEqual(errorsOf(list({ 'x-platform-list-type': 'bag' })), [`${PATH}.properties[l].x-platform-list-type: Unsupported value: "bag": supported values: "atomic", "set", "map" [FieldValueNotSupported]`]);
  assert.deepEqual(errorsOf(list({ 'x-platform-list-type': 'map' })), [`${PATH}.properties[l].x-platform-list-map-keys: Required value: must not be empty if x-platform-list-type is map [FieldValueRequired]`]);
  assert.deepEqual(errorsOf(list({ 'x-platform-list-type': 'map', 'x-platform-list-map-keys': ['k'] })), [
    `${PATH}.properties[l].items.properties[k].default: Required value: this property is in x-platform-list-map-keys, so it must have a default or be a required property [FieldValueRequired]`,
  ]);
  assert.deepEqual(errorsOf(list({ 'x-platform-list-type': 'map', 'x-platform-list-map-keys': ['nope'] }, { type: 'object', required: ['k'], properties: { k: { type: 'string' } } })), [
    `${PATH}.properties[l].x-platform-list-map-keys: Invalid value: []interface {}{"nope"}: entries must all be names of item properties [FieldValueInvalid]`,
  ]);
  assert.deepEqual(errorsOf(list({ 'x-platform-list-map-keys': ['k'] }, { type: 'object', required: ['k'], properties: { k: { type: 'string' } } })), [
    `${PATH}.properties[l].x-platform-list-type: Required value: must be map if x-platform-list-map-keys is non-empty [FieldValueRequired]`,
  ]);
  assert.deepEqual(errorsOf(list({ 'x-platform-list-type': 'set' })), [`${PATH}.properties[l].items.x-platform-map-type: Invalid value: null: must be atomic as item of a list with x-platform-list-type=set [FieldValueInvalid]`]);
  assert.deepEqual(errorsOf({ type: 'object', properties: { m: { type: 'string', 'x-platform-map-type': 'atomic' } } }), [`${PATH}.properties[m].type: Invalid value: "string": must be object if x-platform-map-type is specified [FieldValueInvalid]`]);
  assert.deepEqual(errorsOf({ type: 'object', properties: { m: { type: 'string', 'x-platform-list-type': 'atomic' } } }), [`${PATH}.properties[m].type: Invalid value: "string": must be array if x-platform-list-type is specified [FieldValueInvalid]`]);
});

test('defaults must validate and must not carry unknown fields; none in top-level metadata', () => {
  assert.deepEqual(errorsOf({ type: 'object', properties: { a: { type: 'integer', default: 'x' } } }), [
    `${PATH}.properties[a].default: Invalid value: "string": ${PATH}.properties[a].default in body must be of type integer: "string" [FieldValueTypeInvalid]`,
  ]);
  assert.deepEqual(errorsOf({ type: 'object', properties: { a: { type: 'object', properties: { x: { type: 'string' } }, default: { x: 'a', y: 'b' } } } }), [
    `${PATH}.properties[a].default: Invalid value: map[string]interface {}{"x":"a", "y":"b"}: must not have unknown fields [FieldValueInvalid]`,
  ]);
  assert.deepEqual(errorsOf({ type: 'object', properties: { metadata: { type: 'object', properties: { name: { type: 'string', default: 'x' } } } } }), [
    `${PATH}.properties[metadata].properties[name].default: Forbidden: must not be set in top-level metadata [FieldValueForbidden]`,
  ]);
});

test('patterns must compile as Go regular expressions, at every node and under junctors', () => {
  assert.deepEqual(errorsOf({
    type: 'object',
    properties: {
      a: { type: 'string', pattern: '+' },
      b: { type: 'string', pattern: 'x(?=y)' },
      c: { type: 'string', pattern: '^(a+)+$' },
    },
    anyOf: [{ properties: { a: { pattern: '(' } } }],
  }), [
    `${PATH}.properties[a].pattern: Invalid value: "+": must be a valid regular expression, but isn't: error parsing regexp: missing argument to repetition operator: \`+\` [FieldValueInvalid]`,
    `${PATH}.properties[b].pattern: Invalid value: "x(?=y)": must be a valid regular expression, but isn't: error parsing regexp: invalid or unsupported Perl syntax: \`(?=\` [FieldValueInvalid]`,
    `${PATH}.anyOf[0].properties[a].pattern: Invalid value: "(": must be a valid regular expression, but isn't: error parsing regexp: missing closing ): \`(\` [FieldValueInvalid]`,
  ]);
});
