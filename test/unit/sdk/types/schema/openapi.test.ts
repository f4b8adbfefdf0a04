// CRD schemas into type schemas, with the x-platform-* markers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TypeSchema } from '../../../../../src/sdk/types/schema/index.js';
import { OBJECT_META, UNSTRUCTURED, childType, schemaFromOpenAPI } from '../../../../../src/sdk/types/schema/index.js';

const field = (schema: TypeSchema, name: string): TypeSchema => childType(schema, name).schema;
/** Plain JSON of a schema (schemas use prototype-less field maps). */
const plain = (schema: TypeSchema): unknown => JSON.parse(JSON.stringify(schema));

test('properties become struct fields; metadata is always ObjectMeta', () => {
  const schema = schemaFromOpenAPI({ type: 'object', properties: { metadata: { type: 'object', properties: { name: { type: 'string' } } }, spec: { type: 'object', properties: { a: { type: 'string' } } } } });
  assert.equal(field(schema, 'metadata'), OBJECT_META);
  assert.deepEqual(plain(field(schema, 'spec')), { kind: 'struct', fields: { a: { kind: 'scalar' } } });
  assert.equal(field(schema, 'apiVersion').kind, 'scalar');
  assert.equal(childType(field(schema, 'spec'), 'zzz').unknown, true, 'a closed struct rejects unknown fields');
});

test('list types, map keys with defaults, map types, preserve-unknown-fields, int-or-string, embedded resources', () => {
  const schema = schemaFromOpenAPI({
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          set: { type: 'array', items: { type: 'string' }, 'x-platform-list-type': 'set' },
          map: { type: 'array', 'x-platform-list-type': 'map', 'x-platform-list-map-keys': ['a', 'b'], items: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string', default: 'x' } } } },
          plain: { type: 'array', items: { type: 'string' } },
          dict: { type: 'object', additionalProperties: { type: 'integer' }, 'x-platform-map-type': 'atomic' },
          atomicStruct: { type: 'object', 'x-platform-map-type': 'atomic', properties: { a: { type: 'string' } } },
          open: { type: 'object', 'x-platform-preserve-unknown-fields': true, properties: { a: { type: 'string' } } },
          any: { 'x-platform-preserve-unknown-fields': true },
          port: { 'x-platform-int-or-string': true },
          template: { type: 'object', 'x-platform-embedded-resource': true, 'x-platform-preserve-unknown-fields': true },
        },
      },
    },
  });
  const spec = field(schema, 'spec');
  assert.deepEqual(plain(field(spec, 'set')), { kind: 'list', items: { kind: 'scalar' }, listType: 'set' });
  assert.deepEqual(plain(field(spec, 'map')), { kind: 'list', items: { kind: 'struct', fields: { a: { kind: 'scalar' }, b: { kind: 'scalar' } } }, listType: 'map', listMapKeys: ['a', 'b'], keyDefaults: { b: 'x' } });
  assert.equal((field(spec, 'plain') as { listType: string }).listType, 'atomic');
  assert.deepEqual(plain(field(spec, 'dict')), { kind: 'map', values: { kind: 'scalar' }, mapType: 'atomic' });
  assert.equal((field(spec, 'atomicStruct') as { elementRelationship?: string }).elementRelationship, 'atomic');
  const open = field(spec, 'open');
  assert.equal(childType(open, 'other').declared, false, 'preserved unknown fields are map entries');
  assert.equal(field(spec, 'any').kind, 'untyped');
  assert.equal(field(spec, 'port').kind, 'scalar');
  assert.equal(field(field(spec, 'template'), 'metadata'), OBJECT_META);
});

test('UNSTRUCTURED: ObjectMeta metadata, everything else deduced', () => {
  assert.equal(field(UNSTRUCTURED, 'metadata'), OBJECT_META);
  assert.equal(field(UNSTRUCTURED, 'spec').kind, 'untyped');
  assert.equal(childType(UNSTRUCTURED, 'spec').declared, false);
});
