// Protobuf round trips of every built-in kind (and list kind) with every field set: encode, decode,
// compare with the JSON; field numbers unique per message; bytes of a small object as generated.proto
// numbers them; the envelope and watch frames.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject, JsonValue } from '../../../../../src/sdk/types/meta.js';
import type { StructSchema, TypeSchema } from '../../../../../src/sdk/types/schema/index.js';
import { META_TYPES, builtinListSchema, builtinSchema, builtinSchemaKinds, scalarWire } from '../../../../../src/sdk/types/schema/index.js';
import {
  WatchFrameReader, decodeMessage, decodeObject, encodeMessage, encodeObject, openEnvelope, watchFrame,
} from '../../../../../src/sdk/types/schema/protobuf/index.js';

/** Names of the structs being sampled: a recursive type (a JSON schema) is sampled once per path. */
const stack: string[] = [];

/** A value of `schema` with every field set to something that is not its zero value. */
function sample(schema: TypeSchema, depth: number, seed: string): JsonValue | undefined {
  switch (schema.kind) {
    case 'struct': {
      const name = schema.name ?? '';
      if (stack.includes(name)) return undefined;
      stack.push(name);
      const out: JsonObject = {};
      for (const [field, fieldSchema] of Object.entries(schema.fields)) {
        const facts = schema.members?.[field] ?? schema.inlined?.map((i) => i.schema.members?.[field]).find((f) => f !== undefined);
        if (facts === undefined || facts.proto === 0) continue;
        const value = sample(fieldSchema, depth + 1, field);
        if (value !== undefined) out[field] = value;
      }
      stack.pop();
      return out;
    }
    case 'list': {
      const item = sample(schema.items, depth + 1, seed);
      return item === undefined ? undefined : [item];
    }
    case 'map': {
      const value = sample(schema.values, depth + 1, seed);
      return value === undefined ? undefined : { [`key-${seed}`]: value };
    }
    case 'scalar':
      if (schema.enum !== undefined) return schema.enum[0];
      switch (scalarWire(schema)) {
        case 'string': return `v-${seed}`;
        case 'bytes': return Buffer.from(`bytes of ${seed}`).toString('base64');
        case 'int32': return 7;
        case 'int64': return 1234567890123;
        case 'double': return 1.5;
        case 'bool': return true;
        case 'time': return '2024-01-02T03:04:05Z';
        case 'microTime': return '2024-01-02T03:04:05.123456Z';
        case 'duration': return '1h2m3s';
        case 'quantity': return '500m';
        case 'intOrString': return seed.length % 2 === 0 ? 8080 : 'http';
      }
      return undefined;
    default:
      switch (schema.wire) {
        case 'schemaOrBool': return seed.length % 2 === 0 ? false : { type: 'string', description: `of ${seed}` };
        case 'schemaOrArray': return { type: 'integer' };
        case 'schemaOrStringArray': return ['a', 'b'];
        case 'fieldsV1': return { 'f:metadata': { 'f:labels': { '.': {} } } };
        default: return { any: ['json', 1, true, null], of: seed };
      }
  }
}

function kinds(): { gvk: string; schema: StructSchema; apiVersion: string; kind: string }[] {
  const out: { gvk: string; schema: StructSchema; apiVersion: string; kind: string }[] = [];
  for (const { group, version, kind } of builtinSchemaKinds()) {
    const apiVersion = group === '' ? version : `${group}/${version}`;
    for (const [k, schema] of [[kind, builtinSchema(group, version, kind)], [`${kind}List`, builtinListSchema(group, version, `${kind}List`)]] as const) {
      if (schema?.kind === 'struct') out.push({ gvk: `${apiVersion} ${k}`, schema, apiVersion, kind: k });
    }
  }
  return out;
}

test('every built-in kind and list kind round-trips through protobuf with every field set', () => {
  const all = kinds();
  assert.ok(all.length >= 80, `only ${all.length} kinds`);
  for (const { gvk, schema, apiVersion, kind } of all) {
    const obj = { ...(sample(schema, 0, kind) as JsonObject), apiVersion, kind };
    const bytes = encodeObject(obj, schema);
    const back = decodeObject(bytes, (tm) => (tm.apiVersion === apiVersion && tm.kind === kind ? schema : undefined));
    assert.deepEqual(back, obj, gvk);
  }
});

test('meta kinds round-trip: Status, DeleteOptions, PartialObjectMetadata(List), WatchEvent', () => {
  for (const [name, schema] of Object.entries(META_TYPES)) {
    const obj = sample(schema, 0, name) as JsonObject;
    delete obj.apiVersion;
    delete obj.kind;
    assert.deepEqual(decodeMessage(encodeMessage(obj, schema), schema), obj, name);
  }
});

test('field numbers are unique within every message', () => {
  const seen = new Set<string>();
  const visit = (schema: TypeSchema): void => {
    if (schema.kind === 'list') return visit(schema.items);
    if (schema.kind === 'map') return visit(schema.values);
    if (schema.kind !== 'struct' || schema.name === undefined || seen.has(schema.name)) return;
    seen.add(schema.name);
    const numbers = new Map<number, string>();
    for (const [name, facts] of Object.entries(schema.members ?? {})) {
      if (facts.proto === 0) continue;
      assert.ok(!numbers.has(facts.proto), `${schema.name}: ${name} and ${numbers.get(facts.proto) ?? ''} share field ${facts.proto}`);
      numbers.set(facts.proto, name);
    }
    for (const inlined of schema.inlined ?? []) {
      assert.ok(!numbers.has(inlined.proto), `${schema.name}: inline field ${inlined.proto} clashes`);
      visit(inlined.schema);
    }
    for (const field of Object.values(schema.fields)) visit(field);
  };
  for (const k of kinds()) visit(k.schema);
  assert.ok(seen.size > 300, `${seen.size} messages`);
});

test('a ConfigMap encodes with the field numbers of generated.proto inside the k8s envelope', () => {
  const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', labels: { a: 'b' } }, data: { k: 'v' }, immutable: true };
  const hex = Buffer.from(encodeObject(cm, builtinSchema('', 'v1', 'ConfigMap') as StructSchema)).toString('hex');
  // 6b387300: magic; Unknown{1: TypeMeta{1: "v1", 2: "ConfigMap"}, 2: raw, 3: "", 4: ""}.
  // raw = ConfigMap{1: ObjectMeta{1: "x", 11: map labels{a: b}}, 2: map data{k: v}, 4: true}.
  const meta = '0a0178' + '5a06' + '0a0161' + '120162';
  const raw = `0a${(meta.length / 2).toString(16).padStart(2, '0')}${meta}` + '1206' + '0a016b' + '120176' + '2001';
  const expected = `6b387300` + '0a0f0a0276311209436f6e6669674d6170' + `12${(raw.length / 2).toString(16).padStart(2, '0')}${raw}` + '1a002200';
  assert.equal(hex, expected);
});

test('envelopes with another prefix, an encoding or a foreign content type are refused', () => {
  const good = encodeObject({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }, builtinSchema('', 'v1', 'ConfigMap') as StructSchema);
  assert.throws(() => openEnvelope(Uint8Array.from([0x6b, 0x38, 0x73, 0x01, ...good.subarray(4)])), /expected prefix \[107 56 115 0\]/);
  assert.deepEqual(openEnvelope(good).typeMeta, { apiVersion: 'v1', kind: 'ConfigMap' });
});

test('watch frames: 4-byte big-endian length and a WatchEvent whose object is an enveloped object, split anywhere', () => {
  const schema = builtinSchema('', 'v1', 'ConfigMap') as StructSchema;
  const objects = ['a', 'b', 'c'].map((name) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } }));
  const stream = Buffer.concat(objects.map((o, i) => Buffer.from(watchFrame(i === 1 ? 'MODIFIED' : 'ADDED', encodeObject(o, schema)))));
  assert.equal(stream.readUInt32BE(0) + 4, watchFrame('ADDED', encodeObject(objects[0] ?? {}, schema)).length);
  const reader = new WatchFrameReader();
  const events: { type: string; name: unknown }[] = [];
  for (let i = 0; i < stream.length; i += 7) {
    for (const ev of reader.push(stream.subarray(i, i + 7))) {
      events.push({ type: ev.type, name: (decodeObject(ev.object, () => schema).metadata as JsonObject).name });
    }
  }
  assert.deepEqual(events, [{ type: 'ADDED', name: 'a' }, { type: 'MODIFIED', name: 'b' }, { type: 'ADDED', name: 'c' }]);
});

test('decoding gives what Go serializes: unset non-pointer structs as {}, zero times as null, zero omitempty scalars left out', () => {
  const schema = builtinSchema('apps', 'v1', 'Deployment') as StructSchema;
  const back = decodeObject(encodeObject({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', generation: 0 }, spec: { paused: false, replicas: 0 } }, schema), () => schema);
  assert.deepEqual(back, {
    kind: 'Deployment', apiVersion: 'apps/v1', metadata: { name: 'd', creationTimestamp: null },
    spec: { replicas: 0, selector: null, template: { metadata: { creationTimestamp: null }, spec: { containers: null } }, strategy: {} }, status: {},
  });
});
