// Protobuf request and response bodies (application/vnd.platform.protobuf) on the local server:
// built-in kinds, lists, watch frames and reviews; fallback lists in Accept; 406/415 for custom resources.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, request } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { JsonObject } from '../../../src/sdk/types/meta.js';
import { MEDIA_TYPES } from '../../../src/sdk/naming.js';
import { builtinListSchema, builtinSchema, type StructSchema } from '../../../src/sdk/types/schema/index.js';
import { WatchFrameReader, decodeObject, encodeObject, type TypeMeta } from '../../../src/sdk/types/schema/protobuf/index.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at } from '../../support/api.js';

const PB = MEDIA_TYPES.protobuf;

function schemaOf(tm: TypeMeta): StructSchema | undefined {
  const [group, version] = tm.apiVersion.includes('/') ? tm.apiVersion.split('/') : ['', tm.apiVersion];
  const s = builtinSchema(group ?? '', version ?? '', tm.kind) ?? builtinListSchema(group ?? '', version ?? '', tm.kind);
  return s?.kind === 'struct' ? s : undefined;
}

describe('protobuf', () => {
  let server: TestServer;
  let api: ApiClient;
  let agent: Agent;

  function raw(method: string, path: string, headers: Record<string, string>, body?: Uint8Array): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    const url = new URL(server.url);
    return new Promise((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path, method, agent, headers: { Authorization: `Bearer ${server.adminToken}`, ...headers, ...(body === undefined ? {} : { 'Content-Length': String(body.length) }) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    agent = new Agent({ ca: server.caPem, keepAlive: true });
    await api.post('/api/v1/namespaces', { metadata: { name: 'pb' } });
    await api.post('/apis/apiextensions.platform.io/v1/customresourcedefinitions', {
      apiVersion: 'apiextensions.platform.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'things.example.com' },
      spec: { group: 'example.com', scope: 'Namespaced', names: { plural: 'things', kind: 'Thing' }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-platform-preserve-unknown-fields': true } } }] },
    });
    for (let i = 0; i < 100 && (await api.get('/apis/example.com/v1')).status !== 200; i++) await new Promise((r) => setTimeout(r, 50));
  });
  after(async () => {
    api.close();
    agent.destroy();
    await server.stop();
  });

  test('a protobuf body creates an object; reads answer in protobuf when asked, with the envelope and the same content as JSON', async () => {
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'from-pb', labels: { via: 'protobuf' } }, data: { a: '1' }, binaryData: { b: 'aGk=' } };
    const created = await raw('POST', '/api/v1/namespaces/pb/configmaps', { 'Content-Type': PB, Accept: 'application/json' }, encodeObject(cm, schemaOf(cm) ?? ({} as StructSchema)));
    assert.equal(created.status, 201, created.body.toString());
    assert.deepEqual(JSON.parse(created.body.toString()).data, { a: '1' });
    const asPb = await raw('GET', '/api/v1/namespaces/pb/configmaps/from-pb', { Accept: PB });
    assert.equal(asPb.status, 200);
    assert.equal(asPb.headers['content-type'], PB);
    assert.deepEqual([...asPb.body.subarray(0, 4)], [0x6b, 0x38, 0x73, 0x00]);
    const decoded = decodeObject(asPb.body, schemaOf);
    const asJson = await api.get('/api/v1/namespaces/pb/configmaps/from-pb');
    assert.deepEqual(decoded, asJson.body);
  });

  test('map keys named __proto__ are kept, in request bodies and in answers (as JSON keeps them)', async () => {
    const cm = JSON.parse('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"proto-keys"},"data":{"__proto__":"p","constructor":"c","a":"1"},"binaryData":{"toString":"aGk="}}') as JsonObject;
    const created = await raw('POST', '/api/v1/namespaces/pb/configmaps', { 'Content-Type': PB, Accept: 'application/json' }, encodeObject(cm, schemaOf({ apiVersion: 'v1', kind: 'ConfigMap' }) ?? ({} as StructSchema)));
    assert.equal(created.status, 201, created.body.toString());
    const body = JSON.parse(created.body.toString()) as JsonObject;
    assert.deepEqual(Object.entries(body.data as JsonObject), [['__proto__', 'p'], ['a', '1'], ['constructor', 'c']]);
    assert.deepEqual(Object.entries(body.binaryData as JsonObject), [['toString', 'aGk=']]);
    const asPb = await raw('GET', '/api/v1/namespaces/pb/configmaps/proto-keys', { Accept: PB });
    const decoded = decodeObject(asPb.body, schemaOf);
    assert.equal(Object.getPrototypeOf(decoded.data), Object.prototype);
    assert.deepEqual(Object.entries(decoded.data as JsonObject), [['__proto__', 'p'], ['a', '1'], ['constructor', 'c']]);
    assert.deepEqual(decoded, (await api.get('/api/v1/namespaces/pb/configmaps/proto-keys')).body);
  });

  test('lists, and Accept fallback lists (protobuf first, JSON for what has no protobuf form)', async () => {
    const list = await raw('GET', '/api/v1/namespaces/pb/configmaps', { Accept: `${PB}, application/json` });
    assert.equal(list.headers['content-type'], PB);
    const decoded = decodeObject(list.body, schemaOf);
    assert.equal(decoded.kind, 'ConfigMapList');
    assert.ok((decoded.items as JsonObject[]).some((i) => at(i, 'metadata.name') === 'from-pb'));
    const things = await raw('GET', '/apis/example.com/v1/namespaces/pb/things', { Accept: `${PB}, application/json` });
    assert.equal(things.status, 200);
    assert.equal(things.headers['content-type'], 'application/json');
    const only = await raw('GET', '/apis/example.com/v1/namespaces/pb/things', { Accept: PB });
    assert.equal(only.status, 406);
    assert.match(JSON.parse(only.body.toString()).message, /only the following media types are accepted: application\/json, application\/yaml$/);
    const builtinOnly = await raw('GET', '/api/v1/namespaces/pb/configmaps', { Accept: 'text/html' });
    assert.match(JSON.parse(builtinOnly.body.toString()).message, /application\/json, application\/yaml, application\/vnd\.platform\.protobuf$/);
  });

  test('custom resources refuse protobuf bodies (415)', async () => {
    const thing = { apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 't' } };
    const r = await raw('POST', '/apis/example.com/v1/namespaces/pb/things', { 'Content-Type': PB }, encodeObject(thing, builtinSchema('', 'v1', 'ConfigMap') as StructSchema));
    assert.equal(r.status, 415);
    assert.match(JSON.parse(r.body.toString()).message, /accepted media types include: application\/json, application\/yaml$/);
  });

  test('a malformed protobuf body is a 400', async () => {
    const r = await raw('POST', '/api/v1/namespaces/pb/configmaps', { 'Content-Type': PB }, Buffer.from('not protobuf'));
    assert.equal(r.status, 400);
    assert.match(JSON.parse(r.body.toString()).message, /expected prefix \[107 56 115 0\]/);
  });

  test('watch in protobuf: length-prefixed WatchEvent frames with enveloped objects', async () => {
    const url = new URL(server.url);
    const events: { type: string; name: unknown }[] = [];
    await new Promise<void>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: '/api/v1/namespaces/pb/configmaps?watch=1&timeoutSeconds=5', agent, headers: { Authorization: `Bearer ${server.adminToken}`, Accept: PB } }, (res) => {
        assert.equal(res.headers['content-type'], `${PB};stream=watch`);
        const reader = new WatchFrameReader();
        res.on('data', (c: Buffer) => {
          for (const ev of reader.push(c)) {
            events.push({ type: ev.type, name: at(decodeObject(ev.object, schemaOf), 'metadata.name') });
            if (events.some((e) => e.name === 'during-watch')) {
              req.destroy();
              resolve();
            }
          }
        });
        res.on('end', () => resolve());
        void api.post('/api/v1/namespaces/pb/configmaps', { metadata: { name: 'during-watch' } });
      });
      req.on('error', (e) => (events.length > 0 ? resolve() : reject(e)));
      req.end();
    });
    assert.ok(events.some((e) => e.type === 'ADDED' && e.name === 'from-pb'), JSON.stringify(events));
    assert.ok(events.some((e) => e.type === 'ADDED' && e.name === 'during-watch'), JSON.stringify(events));
  });

  test('access reviews in protobuf (what kubectl auth can-i sends)', async () => {
    const review = { apiVersion: 'authorization.platform.io/v1', kind: 'SelfSubjectAccessReview', spec: { resourceAttributes: { verb: 'get', resource: 'pods', namespace: 'pb' } } };
    const r = await raw('POST', '/apis/authorization.platform.io/v1/selfsubjectaccessreviews', { 'Content-Type': PB, Accept: `${PB}, application/json` }, encodeObject(review, schemaOf(review) ?? ({} as StructSchema)));
    assert.equal(r.status, 201, r.body.toString());
    assert.equal(r.headers['content-type'], PB);
    assert.equal(at(decodeObject(r.body, schemaOf), 'status.allowed'), true);
  });
});
