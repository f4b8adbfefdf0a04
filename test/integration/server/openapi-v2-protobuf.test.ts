// /openapi/v2 as gnostic's openapi.v2.Document protobuf: kube-openapi's negotiation (both Accept
// spellings, q and wildcards, a bare 406), the JSON's ETag and 304, and a round trip: the protobuf
// decoded with our message definitions and read back into JSON (by an independent reading of
// gnostic's mapping, here) equals the JSON document, CRD schemas and vendor extensions included.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { load } from 'js-yaml';
import { gnosticV2Type } from '../../../src/server/openapi/gnostic-v2.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient } from '../../support/api.js';

const PB = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
const PB_DOTTED = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

const CRD = {
  apiVersion: 'apiextensions.platform.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'sprockets.example.com' },
  spec: {
    group: 'example.com', scope: 'Namespaced', names: { plural: 'sprockets', singular: 'sprocket', kind: 'Sprocket', listKind: 'SprocketList' },
    versions: [{
      name: 'v1', served: true, storage: true,
      schema: {
        openAPIV3Schema: {
          type: 'object', description: 'A sprocket.',
          properties: {
            spec: {
              type: 'object', required: ['teeth'],
              properties: {
                teeth: { type: 'integer', format: 'int32', minimum: 3, maximum: 200, default: 12 },
                finish: { type: 'string', enum: ['matte', 'gloss'], pattern: '^[a-z]+$', maxLength: 10 },
                size: { 'x-platform-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
                labels: { type: 'object', additionalProperties: { type: 'string' } },
                tags: { type: 'array', items: { type: 'string' }, 'x-platform-list-type': 'set', maxItems: 5 },
                extra: { type: 'object', 'x-platform-preserve-unknown-fields': true },
              },
            },
          },
        },
      },
    }],
  },
};

interface Raw { status: number; headers: IncomingHttpHeaders; body: Buffer }

function get(server: TestServer, path: string, headers: Record<string, string>): Promise<Raw> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname: url.hostname, port: url.port, path, ca: server.caPem, headers: { Authorization: `Bearer ${server.adminToken}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

type Msg = Record<string, unknown>;
type Json = Record<string, unknown>;

const obj = (v: unknown): Msg => (typeof v === 'object' && v !== null && !Array.isArray(v) ? v as Msg : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Copies the named scalar fields that are set (message field name = JSON key). */
function scalars(m: Msg, out: Json, names: readonly string[]): void {
  for (const n of names) if (m[n] !== undefined) out[n] = m[n];
}

function anyValue(m: unknown): unknown {
  return load(String(obj(m).yaml));
}

function extensions(m: Msg, out: Json): void {
  for (const e of arr(m.vendorExtension)) out[String(obj(e).name)] = anyValue(obj(e).value);
}

function schemaJson(m: Msg): Json {
  const out: Json = {};
  if (m.ref !== undefined) out.$ref = m.ref;
  scalars(m, out, ['format', 'title', 'description', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
    'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'discriminator', 'readOnly']);
  if (m.default !== undefined) out.default = anyValue(m.default);
  if (m.example !== undefined) out.example = anyValue(m.example);
  if (arr(m.required).length > 0) out.required = m.required;
  if (arr(m.enum).length > 0) out.enum = arr(m.enum).map(anyValue);
  const additional = obj(m.additionalProperties);
  if (additional.boolean !== undefined) out.additionalProperties = additional.boolean;
  else if (additional.schema !== undefined) out.additionalProperties = schemaJson(obj(additional.schema));
  const types = arr(obj(m.type).value);
  if (types.length === 1) out.type = types[0];
  else if (types.length > 1) out.type = types;
  const items = arr(obj(m.items).schema);
  if (items.length === 1) out.items = schemaJson(obj(items[0]));
  if (arr(m.allOf).length > 0) out.allOf = arr(m.allOf).map((s) => schemaJson(obj(s)));
  if (m.properties !== undefined) {
    const props: Json = {};
    for (const p of arr(obj(m.properties).additionalProperties)) props[String(obj(p).name)] = schemaJson(obj(obj(p).value));
    out.properties = props;
  }
  extensions(m, out);
  return out;
}

function parameterJson(m: Msg): Json {
  if (m.jsonReference !== undefined) return { $ref: obj(m.jsonReference).ref };
  const p = obj(m.parameter);
  if (p.bodyParameter !== undefined) {
    const b = obj(p.bodyParameter);
    const out: Json = {};
    scalars(b, out, ['description', 'name', 'in', 'required']);
    if (b.schema !== undefined) out.schema = schemaJson(obj(b.schema));
    extensions(b, out);
    return out;
  }
  const nb = obj(p.nonBodyParameter);
  const sub = obj(nb.query ?? nb.path ?? nb.header ?? nb.formData);
  const out: Json = {};
  scalars(sub, out, ['required', 'in', 'description', 'name', 'allowEmptyValue', 'type', 'format', 'collectionFormat', 'maximum', 'minimum', 'maxLength', 'minLength', 'pattern', 'uniqueItems']);
  extensions(sub, out);
  return out;
}

function operationJson(m: Msg): Json {
  const out: Json = {};
  scalars(m, out, ['tags', 'summary', 'description', 'operationId', 'produces', 'consumes', 'schemes', 'deprecated']);
  if (arr(m.parameters).length > 0) out.parameters = arr(m.parameters).map((p) => parameterJson(obj(p)));
  if (m.responses !== undefined) {
    const responses: Json = {};
    for (const r of arr(obj(m.responses).responseCode)) {
      const response = obj(obj(obj(r).value).response);
      const json: Json = {};
      scalars(response, json, ['description']);
      if (response.schema !== undefined) json.schema = schemaJson(obj(obj(response.schema).schema));
      responses[String(obj(r).name)] = json;
    }
    out.responses = responses;
  }
  extensions(m, out);
  return out;
}

/** A decoded openapi.v2.Document read back into Swagger 2.0 JSON. */
function documentJson(m: Msg): Json {
  const info = obj(m.info);
  const paths: Json = {};
  for (const p of arr(obj(m.paths).path)) {
    const item = obj(obj(p).value);
    const json: Json = {};
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) if (item[method] !== undefined) json[method] = operationJson(obj(item[method]));
    if (arr(item.parameters).length > 0) json.parameters = arr(item.parameters).map((x) => parameterJson(obj(x)));
    paths[String(obj(p).name)] = json;
  }
  const definitions: Json = {};
  for (const d of arr(obj(m.definitions).additionalProperties)) definitions[String(obj(d).name)] = schemaJson(obj(obj(d).value));
  const securityDefinitions: Json = {};
  for (const d of arr(obj(m.securityDefinitions).additionalProperties)) {
    const key = obj(obj(obj(d).value).apiKeySecurity);
    securityDefinitions[String(obj(d).name)] = { type: key.type, name: key.name, in: key.in, description: key.description };
  }
  const security = arr(m.security).map((r) => Object.fromEntries(arr(obj(r).additionalProperties).map((n) => [String(obj(n).name), arr(obj(obj(n).value).value)])));
  return { swagger: m.swagger, info: { title: info.title, version: info.version }, paths, definitions, securityDefinitions, security };
}

/**
 * The JSON document as proto3 carries it: zero values (false, 0, '') are not on the wire, and a
 * Swagger 2.0 schema has no `anyOf`/`oneOf`/`not` (gnostic drops them).
 */
function asProto3(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => asProto3(v));
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  const inSchema = key !== 'properties' && key !== 'definitions' && key !== 'paths' && key !== 'responses';
  for (const [k, v] of Object.entries(value)) {
    const verbatim = inSchema && (k.startsWith('x-') || k === 'default' || k === 'example' || k === 'enum' || k === 'additionalProperties');
    if (verbatim && typeof v !== 'object') {
      out[k] = v;
      continue;
    }
    if (inSchema && (v === false || v === 0 || v === '')) continue;
    if (inSchema && (k === 'anyOf' || k === 'oneOf' || k === 'not')) continue;
    out[k] = verbatim && k !== 'additionalProperties' ? v : asProto3(v, k);
  }
  return out;
}

describe('OpenAPI v2 as protobuf', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    assert.equal((await api.post('/apis/apiextensions.platform.io/v1/customresourcedefinitions', CRD)).status, 201);
    for (let i = 0; i < 100 && (await api.get('/apis/example.com/v1')).status !== 200; i++) await new Promise((r) => setTimeout(r, 50));
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('negotiated as kube-openapi negotiates: both spellings, q values, wildcards, a bare 406; the JSON ETag; 304', async () => {
    const json = await get(server, '/openapi/v2', { Accept: 'application/json' });
    const pb = await get(server, '/openapi/v2', { Accept: PB });
    assert.equal(pb.status, 200);
    assert.equal(pb.headers['content-type'], PB_DOTTED);
    assert.equal(pb.headers.etag, json.headers.etag, 'the protobuf form shares the JSON ETag (Vary: Accept)');
    assert.equal(pb.headers.vary, 'Accept');
    assert.equal(pb.headers['last-modified'], json.headers['last-modified']);
    assert.equal(pb.headers['content-length'], String(pb.body.length));
    assert.equal((await get(server, '/openapi/v2', { Accept: PB_DOTTED })).headers['content-type'], PB_DOTTED);
    assert.equal((await get(server, '/openapi/v2', { Accept: `application/json;q=0.5, ${PB}` })).headers['content-type'], PB_DOTTED);
    assert.equal((await get(server, '/openapi/v2', { Accept: `${PB};q=0.5, application/json` })).headers['content-type'], 'application/json');
    assert.equal((await get(server, '/openapi/v2', { Accept: '*/*' })).headers['content-type'], 'application/json');
    assert.equal((await get(server, '/openapi/v2', { Accept: `*/*;q=0.9, ${PB}` })).headers['content-type'], PB_DOTTED);
    const refused = await get(server, '/openapi/v2', { Accept: 'text/html' });
    assert.equal(refused.status, 406);
    assert.equal(refused.body.length, 0);
    const again = await get(server, '/openapi/v2', { Accept: PB, 'If-None-Match': String(pb.headers.etag) });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
  });

  test('round trip: decoded with the message definitions and read back, it is the JSON document', async () => {
    const json = JSON.parse((await get(server, '/openapi/v2', { Accept: 'application/json' })).body.toString('utf8')) as Json;
    const pb = await get(server, '/openapi/v2', { Accept: PB });
    const type = gnosticV2Type('Document');
    const decoded = type.toObject(type.decode(pb.body), { longs: Number }) as Msg;
    const back = documentJson(decoded);
    const expected = asProto3(json) as Json;
    assert.deepEqual(back.definitions, expected.definitions);
    assert.deepEqual(back.paths, expected.paths);
    assert.deepEqual(back, expected);
    // The vendor extensions clients look kinds up by, as NamedAny with YAML values.
    const definitions = arr(obj(decoded.definitions).additionalProperties).map(obj);
    const deployment = obj(definitions.find((d) => d.name === 'io.platform.api.apps.v1.Deployment')?.value);
    const gvk = arr(deployment.vendorExtension).map(obj).find((e) => e.name === 'x-platform-group-version-kind');
    assert.equal(obj(gvk?.value).yaml, '- group: apps\n  kind: Deployment\n  version: v1\n');
    const sprocket = obj(definitions.find((d) => d.name === 'com.example.v1.Sprocket')?.value);
    assert.deepEqual(arr(obj(sprocket.type).value), ['object']);
  });
});
