// Server-side apply on custom resources: the x-platform-* merge markers of a CRD schema, closed and
// open schemas, unstructured resources, and a schema change from granular to atomic.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { UNSTRUCTURED, schemaFromOpenAPI } from '../../../../src/sdk/types/schema/index.js';
import { ApplyConflictError } from '../../../../src/server/fieldmanager/index.js';
import { PatchError } from '../../../../src/server/patch/index.js';
import { apply, fieldsOf, update } from './helpers.js';

const OPENAPI: JsonObject = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        hosts: { type: 'array', items: { type: 'string' }, 'x-platform-list-type': 'set' },
        routes: {
          type: 'array',
          'x-platform-list-type': 'map',
          'x-platform-list-map-keys': ['path', 'method'],
          items: { type: 'object', properties: { path: { type: 'string' }, method: { type: 'string', default: 'GET' }, backend: { type: 'string' } } },
        },
        args: { type: 'array', items: { type: 'string' } },
        selector: { type: 'object', additionalProperties: { type: 'string' }, 'x-platform-map-type': 'atomic' },
        tuning: { type: 'object', 'x-platform-map-type': 'atomic', properties: { a: { type: 'integer' }, b: { type: 'integer' } } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        extra: { type: 'object', 'x-platform-preserve-unknown-fields': true },
        port: { 'x-platform-int-or-string': true },
      },
    },
  },
};

const SCHEMA = schemaFromOpenAPI(OPENAPI);
const opts = { schema: SCHEMA, apiVersion: 'example.com/v1' };
const cr = (spec: JsonObject): JsonObject => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, spec });

function conflictFields(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApplyConflictError) return error.conflicts.map((c) => c.field);
    throw error;
  }
  return [];
}

test('x-platform-list-type set: values are owned one by one and merged', () => {
  const a = apply(undefined, 'a', cr({ hosts: ['a.com', 'b.com'] }), opts);
  const b = apply(a, 'b', cr({ hosts: ['c.com'] }), opts);
  assert.deepEqual((b as JsonObject & { spec: { hosts: string[] } }).spec.hosts, ['a.com', 'b.com', 'c.com']);
  assert.equal(fieldsOf(b, 'b'), '{"f:spec":{"f:hosts":{"v:\\"c.com\\"":{}}}}');
});

test('x-platform-list-type map with x-platform-list-map-keys and a key default', () => {
  const a = apply(undefined, 'a', cr({ routes: [{ path: '/a', backend: 'x' }, { path: '/a', method: 'POST', backend: 'y' }] }), opts);
  assert.equal(fieldsOf(a, 'a'), '{"f:spec":{"f:routes":{"k:{\\"method\\":\\"GET\\",\\"path\\":\\"/a\\"}":{".":{},"f:backend":{},"f:path":{}},"k:{\\"method\\":\\"POST\\",\\"path\\":\\"/a\\"}":{".":{},"f:backend":{},"f:method":{},"f:path":{}}}}}');
  assert.deepEqual(conflictFields(() => apply(a, 'b', cr({ routes: [{ path: '/a', method: 'POST', backend: 'z' }] }), opts)), ['.spec.routes[method="POST",path="/a"].backend']);
  const merged = apply(a, 'b', cr({ routes: [{ path: '/b', backend: 'z' }] }), opts);
  assert.equal((merged as JsonObject & { spec: { routes: unknown[] } }).spec.routes.length, 3);
});

test('lists without x-platform-list-type are atomic', () => {
  const a = apply(undefined, 'a', cr({ args: ['1', '2'] }), opts);
  assert.equal(fieldsOf(a, 'a'), '{"f:spec":{"f:args":{}}}');
  assert.deepEqual(conflictFields(() => apply(a, 'b', cr({ args: ['3'] }), opts)), ['.spec.args']);
});

test('x-platform-map-type atomic on a map and on a struct', () => {
  const a = apply(undefined, 'a', cr({ selector: { x: '1' }, tuning: { a: 1 }, labels: { l: '1' } }), opts);
  assert.equal(fieldsOf(a, 'a'), '{"f:spec":{"f:labels":{"f:l":{}},"f:selector":{},"f:tuning":{}}}');
  const b = apply(a, 'b', cr({ labels: { m: '2' } }), opts);
  assert.deepEqual((b as JsonObject & { spec: { labels: object } }).spec.labels, { l: '1', m: '2' });
  assert.deepEqual(conflictFields(() => apply(a, 'b', cr({ tuning: { b: 2 } }), opts)), ['.spec.tuning']);
  const forced = apply(a, 'b', cr({ tuning: { b: 2 } }), { ...opts, force: true });
  assert.deepEqual((forced as JsonObject & { spec: { tuning: object } }).spec.tuning, { b: 2 }, 'an atomic struct is replaced whole');
});

test('x-platform-preserve-unknown-fields keeps unknown keys as owned entries; a closed schema rejects them', () => {
  const a = apply(undefined, 'a', cr({ extra: { anything: { nested: true } }, port: 'http' }), opts);
  assert.equal(fieldsOf(a, 'a'), '{"f:spec":{"f:extra":{"f:anything":{".":{},"f:nested":{}}},"f:port":{}}}');
  assert.throws(() => apply(undefined, 'a', cr({ unknownField: 1 }), opts), (error: unknown) => error instanceof PatchError && /\.spec\.unknownField: field not declared in schema/.test(error.message));
});

test('unstructured resources: every object key is an owned entry, lists are atomic', () => {
  const a = apply(undefined, 'a', cr({ foo: { bar: 'x' }, items: [1, 2] }), { ...opts, schema: UNSTRUCTURED });
  assert.equal(fieldsOf(a, 'a'), '{"f:spec":{".":{},"f:foo":{".":{},"f:bar":{}},"f:items":{}}}');
});

test('a schema change from granular to atomic makes owners of the parts owners of the whole', () => {
  const granular = schemaFromOpenAPI({ type: 'object', properties: { spec: { type: 'object', properties: { cfg: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } } } } } });
  const atomic = schemaFromOpenAPI({ type: 'object', properties: { spec: { type: 'object', properties: { cfg: { type: 'object', 'x-platform-map-type': 'atomic', properties: { a: { type: 'string' }, b: { type: 'string' } } } } } } });
  const live = apply(undefined, 'a', cr({ cfg: { a: '1' } }), { ...opts, schema: granular });
  const b = apply(live, 'b', cr({ cfg: { b: '2' } }), { ...opts, schema: granular });
  assert.equal(fieldsOf(b, 'a'), '{"f:spec":{"f:cfg":{"f:a":{}}}}');
  // Under the atomic schema an update of cfg records both owners as owning cfg whole.
  const after = update(b, 'c', cr({ cfg: { a: '1', b: '2' }, other: 'x' }), { ...opts, schema: atomic });
  assert.equal(fieldsOf(after, 'a'), '{"f:spec":{"f:cfg":{}}}');
  assert.equal(fieldsOf(after, 'b'), '{"f:spec":{"f:cfg":{}}}');
  // ...and anyone applying another value of it conflicts with both.
  assert.deepEqual(conflictFields(() => apply(after, 'd', cr({ cfg: { a: '9' } }), { ...opts, schema: atomic })), ['.spec.cfg', '.spec.cfg']);
});
