// int64 values as a real API server keeps them: integers up to 2^63 - 1 exactly (JSON.parse would
// round anything beyond 2^53), in every representation and through every write path; and what is
// not an int64 refused for integer fields in Go's words (custom resources: kube-openapi's types).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDIA_TYPES } from '../../../src/sdk/naming.js';
import { builtinSchema, type StructSchema } from '../../../src/sdk/types/schema/index.js';
import { decodeObject, encodeObject, type TypeMeta } from '../../../src/sdk/types/schema/protobuf/index.js';
import { readJson } from '../../../src/machinery/json-numbers.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at, type ApiResponse } from '../../support/api.js';

const PODS = '/api/v1/namespaces/default/pods';
const NUMS = '/apis/int64.example.com/v1/namespaces/default/nums';
const BIG = '9007199254740993';
const TEMPLATES = '/api/v1/namespaces/default/podtemplates';

const NUM_CRD = {
  apiVersion: 'apiextensions.platform.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'nums.int64.example.com' },
  spec: {
    group: 'int64.example.com', scope: 'Namespaced', names: { plural: 'nums', singular: 'num', kind: 'Num' },
    versions: [{
      name: 'v1', served: true, storage: true,
      schema: {
        openAPIV3Schema: {
          type: 'object',
          properties: {
            spec: {
              type: 'object',
              properties: {
                i: { type: 'integer' },
                i64: { type: 'integer', format: 'int64' },
                n: { type: 'number' },
                set: { type: 'array', items: { type: 'integer' }, 'x-platform-list-type': 'set' },
                free: { type: 'object', 'x-platform-preserve-unknown-fields': true },
              },
            },
          },
        },
      },
    }],
  },
};

function schemaOf(tm: TypeMeta): StructSchema | undefined {
  const [group, version] = tm.apiVersion.includes('/') ? tm.apiVersion.split('/') : ['', tm.apiVersion];
  const s = builtinSchema(group ?? '', version ?? '', tm.kind);
  return s?.kind === 'struct' ? s : undefined;
}

function podText(name: string, grace: string): string {
  return `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"${name}"},"spec":{"terminationGracePeriodSeconds":${grace},"containers":[{"name":"c","image":"busybox"}]}}`;
}

function numText(name: string, spec: string): string {
  return `{"apiVersion":"int64.example.com/v1","kind":"Num","metadata":{"name":"${name}"},"spec":${spec}}`;
}

/** The answer's JSON read without rounding. */
function exact(r: ApiResponse): unknown {
  return readJson(r.text);
}

async function seed(api: ApiClient): Promise<void> {
  const crd = await api.post('/apis/apiextensions.platform.io/v1/customresourcedefinitions', NUM_CRD);
  assert.equal(crd.status, 201, crd.text);
  for (let i = 0; i < 100 && (await api.get('/apis/int64.example.com/v1')).status !== 200; i++) await new Promise((r) => setTimeout(r, 20));
}

describe('int64 values', () => {
  let dir: string;
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'platformctl-int64-'));
    server = await startTestServer({ dataDir: dir });
    api = new ApiClient(server);
    await seed(api);
  });
  after(async () => {
    api.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('a built-in int64 field keeps 2^53 + 1 exactly in JSON, YAML, lists and watches', async () => {
    const created = await api.request('POST', PODS, { rawBody: podText('big', BIG) });
    assert.equal(created.status, 201, created.text);
    assert.equal(at(exact(created), 'spec.terminationGracePeriodSeconds'), 9007199254740993n);
    assert.equal(at(exact(await api.get(`${PODS}/big`)), 'spec.terminationGracePeriodSeconds'), 9007199254740993n);
    const list = exact(await api.get(`${PODS}?fieldSelector=metadata.name%3Dbig`));
    assert.equal(at(list, 'items.0.spec.terminationGracePeriodSeconds'), 9007199254740993n);
    const yaml = await api.get(`${PODS}/big`, { accept: 'application/yaml' });
    assert.match(yaml.text, /\n {2}terminationGracePeriodSeconds: 9007199254740993\n/);
    const watch = await rawRequest(server, 'GET', `${PODS}?watch=1&timeoutSeconds=1&fieldSelector=metadata.name%3Dbig`, {});
    const event = readJson(watch.body.toString().split('\n')[0] ?? '');
    assert.deepEqual([at(event, 'type'), at(event, 'object.spec.terminationGracePeriodSeconds')], ['ADDED', 9007199254740993n]);
  });

  test('protobuf bodies and answers carry int64 values exactly', async () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pb' }, spec: { terminationGracePeriodSeconds: -9223372036854775808n, containers: [{ name: 'c', image: 'busybox' }] } };
    const body = Buffer.from(encodeObject(pod as unknown as Parameters<typeof encodeObject>[0], schemaOf(pod) ?? ({} as StructSchema)));
    const created = await rawRequest(server, 'POST', PODS, { 'Content-Type': MEDIA_TYPES.protobuf, Accept: 'application/json' }, body);
    assert.equal(created.status, 201, created.body.toString());
    assert.match(created.body.toString(), /"terminationGracePeriodSeconds":-9223372036854775808[,}]/);
    const got = await rawRequest(server, 'GET', `${PODS}/big`, { Accept: MEDIA_TYPES.protobuf });
    assert.equal(at(decodeObject(got.body, schemaOf, true), 'spec.terminationGracePeriodSeconds'), 9007199254740993n);
  });

  test('a built-in integer field refuses what is not an integer of its size, quoting it as Go does', async () => {
    for (const literal of ['123456789012345678901234567890', '9223372036854775808', '-9223372036854775809', '1.5', '1.0', '1e3', '1e-400', '1e400']) {
      const r = await api.request('POST', PODS, { rawBody: podText('refused', literal) });
      assert.equal(r.status, 400, `${literal}: ${r.text}`);
      assert.equal(at(r.body, 'message'), `Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number ${literal} into Go struct field PodSpec.spec.terminationGracePeriodSeconds of type int64`);
    }
    for (const literal of ['9223372036854775807', '-9223372036854775808']) {
      const name = `edge${literal.startsWith('-') ? 'min' : 'max'}`;
      const r = await api.request('POST', PODS, { rawBody: podText(name, literal) });
      assert.equal(r.status, 201, r.text);
      assert.equal(at(exact(await api.get(`${PODS}/${name}`)), 'spec.terminationGracePeriodSeconds'), BigInt(literal));
    }
    const deploy = '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"replicas":9007199254740993,"selector":{"matchLabels":{"a":"b"}},"template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"i"}]}}}}';
    const r = await api.request('POST', '/apis/apps/v1/namespaces/default/deployments', { rawBody: deploy });
    assert.equal(r.status, 400, r.text);
    assert.equal(at(r.body, 'message'), 'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number 9007199254740993 into Go struct field DeploymentSpec.spec.replicas of type int32');
  });

  test('custom resources: integer literals are int64 exactly, the rest float64, typed as kube-openapi types them', async () => {
    const created = await api.request('POST', NUMS, { rawBody: numText('exact', `{"i":${BIG},"i64":-${BIG},"n":${BIG},"set":[${BIG},1],"free":{"x":9223372036854775807}}`) });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(at(exact(await api.get(`${NUMS}/exact`)), 'spec'), { i: 9007199254740993n, i64: -9007199254740993n, n: 9007199254740993n, set: [9007199254740993n, 1], free: { x: 9223372036854775807n } });
    const yaml = await api.get(`${NUMS}/exact`, { accept: 'application/yaml' });
    assert.match(yaml.text, /\n {2}i: 9007199254740993\n/);

    // Beyond int64 an integer literal is a float64: not an integer, and not an int64 (format), but a number.
    const beyond = await api.request('POST', NUMS, { rawBody: numText('beyond', '{"i":123456789012345678901234567890,"i64":123456789012345678901234567890,"n":123456789012345678901234567890}') });
    assert.equal(beyond.status, 422, beyond.text);
    assert.equal(at(beyond.body, 'message'), 'Num.int64.example.com "beyond" is invalid: [spec.i: Invalid value: "number": spec.i in body must be of type integer: "number", spec.i64: Invalid value: "float64": spec.i64 in body must be of type int64: "float64"]');
    const float = await api.request('POST', NUMS, { rawBody: numText('float', '{"n":123456789012345678901234567890,"i":1e-400}') });
    assert.equal(float.status, 201, float.text);
    const stored = await api.get(`${NUMS}/float`);
    assert.match(stored.text, /"n":1\.2345678901234568e\+29[,}]/);
    assert.deepEqual(at(exact(stored), 'spec'), { i: 0, n: 1.2345678901234568e+29 });

    // Beyond float64: Go's decoder fails.
    const huge = await api.request('POST', NUMS, { rawBody: numText('huge', '{"free":{"x":1e400}}') });
    assert.equal(huge.status, 400, huge.text);
    assert.equal(at(huge.body, 'message'), 'Num in version "v1" cannot be handled as a Num: json: cannot unmarshal number 1e400 into Go value of type float64');
    assert.equal((await api.get(`${NUMS}/huge`)).status, 404);
  });

  test('YAML bodies keep int64 exactly; .inf is refused rather than stored as null', async () => {
    const yaml = `apiVersion: int64.example.com/v1\nkind: Num\nmetadata:\n  name: from-yaml\nspec:\n  i: ${BIG}\n  free:\n    x: -9223372036854775808\n`;
    const created = await api.request('POST', NUMS, { rawBody: yaml, contentType: 'application/yaml' });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(at(exact(created), 'spec'), { i: 9007199254740993n, free: { x: -9223372036854775808n } });
    const inf = await api.request('POST', NUMS, { rawBody: yaml.replace('from-yaml', 'inf').replace(`i: ${BIG}`, 'n: .inf'), contentType: 'application/yaml' });
    assert.equal(inf.status, 400, inf.text);
    assert.equal((await api.get(`${NUMS}/inf`)).status, 404);
  });

  test('merge, JSON and strategic merge patches keep int64 exactly; a JSON patch test compares exactly', async () => {
    await api.request('POST', NUMS, { rawBody: numText('patched', `{"i":${BIG}}`) });
    const merged = await api.request('PATCH', `${NUMS}/patched`, { rawBody: '{"spec":{"i":9007199254740995,"free":{"y":-9007199254740995}}}', contentType: 'application/merge-patch+json' });
    assert.equal(merged.status, 200, merged.text);
    assert.deepEqual(at(exact(merged), 'spec'), { i: 9007199254740995n, free: { y: -9007199254740995n } });
    // 9007199254740994 and 9007199254740995 are one double: only an exact comparison tells them apart.
    const wrongTest = await api.request('PATCH', `${NUMS}/patched`, { rawBody: '[{"op":"test","path":"/spec/i","value":9007199254740994},{"op":"add","path":"/spec/n","value":1}]', contentType: 'application/json-patch+json' });
    assert.equal(wrongTest.status, 422, wrongTest.text);
    const rightTest = await api.request('PATCH', `${NUMS}/patched`, { rawBody: '[{"op":"test","path":"/spec/i","value":9007199254740995},{"op":"add","path":"/spec/n","value":9223372036854775807}]', contentType: 'application/json-patch+json' });
    assert.equal(rightTest.status, 200, rightTest.text);
    assert.equal(at(exact(rightTest), 'spec.n'), 9223372036854775807n);
    // A pod's grace period is immutable once set; a pod template's is not.
    const template = await api.request('POST', TEMPLATES, { rawBody: `{"apiVersion":"v1","kind":"PodTemplate","metadata":{"name":"big"},"template":{"spec":{"terminationGracePeriodSeconds":${BIG},"containers":[{"name":"c","image":"busybox"}]}}}` });
    assert.equal(template.status, 201, template.text);
    const smp = await api.request('PATCH', `${TEMPLATES}/big`, { rawBody: '{"template":{"spec":{"terminationGracePeriodSeconds":9007199254740997}}}', contentType: 'application/strategic-merge-patch+json' });
    assert.equal(smp.status, 200, smp.text);
    assert.equal(at(exact(smp), 'template.spec.terminationGracePeriodSeconds'), 9007199254740997n);
    const bad = await api.request('PATCH', `${PODS}/big`, { rawBody: '{"spec":{"terminationGracePeriodSeconds":1e400}}', contentType: 'application/merge-patch+json' });
    assert.equal(bad.status, 422, bad.text);
    assert.match(String(at(bad.body, 'message')), /json: cannot unmarshal number 1e400 into Go struct field PodSpec\.spec\.terminationGracePeriodSeconds of type int64/);
  });

  test('a merge patch that brings a number beyond float64 next to an int64 is refused, not a 500', async () => {
    await api.request('POST', NUMS, { rawBody: numText('mixed', `{"i":${BIG}}`) });
    const bad = await api.request('PATCH', `${NUMS}/mixed`, { rawBody: '{"spec":{"free":{"huge":1e400}}}', contentType: 'application/merge-patch+json' });
    assert.ok(bad.status >= 400 && bad.status < 500, `${bad.status} ${bad.text}`);
    assert.equal(at(exact(await api.get(`${NUMS}/mixed`)), 'spec.i'), 9007199254740993n);
  });

  test('server-side apply keeps int64 exactly, also as set members that managers share', async () => {
    const first = await api.apply(`${NUMS}/applied`, `apiVersion: int64.example.com/v1\nkind: Num\nmetadata:\n  name: applied\nspec:\n  set: [9007199254740993, 9007199254740995]\n`, 'one');
    assert.equal(first.status, 201, first.text);
    assert.match(first.text, /"v:9007199254740993":\{\}/);
    const second = await api.apply(`${NUMS}/applied`, '{"apiVersion":"int64.example.com/v1","kind":"Num","metadata":{"name":"applied"},"spec":{"set":[9007199254740994]}}', 'two');
    assert.equal(second.status, 200, second.text);
    // 9007199254740993 and 9007199254740994 round to one double: rounded, the set would lose a member.
    assert.deepEqual(at(exact(second), 'spec.set'), [9007199254740993n, 9007199254740995n, 9007199254740994n]);
    const again = await api.apply(`${NUMS}/applied`, `apiVersion: int64.example.com/v1\nkind: Num\nmetadata:\n  name: applied\nspec:\n  set: [9007199254740995]\n`, 'one');
    assert.deepEqual(at(exact(again), 'spec.set'), [9007199254740995n, 9007199254740994n]);
  });

  test('the store keeps int64 values exactly across a restart', async () => {
    api.close();
    await server.stop();
    server = await startTestServer({ dataDir: dir });
    api = new ApiClient(server);
    assert.equal(at(exact(await api.get(`${PODS}/big`)), 'spec.terminationGracePeriodSeconds'), 9007199254740993n);
    assert.equal(at(exact(await api.get(`${TEMPLATES}/big`)), 'template.spec.terminationGracePeriodSeconds'), 9007199254740997n);
    assert.equal(at(exact(await api.get(`${PODS}/edgemax`)), 'spec.terminationGracePeriodSeconds'), 9223372036854775807n);
    assert.deepEqual(at(exact(await api.get(`${NUMS}/exact`)), 'spec.free'), { x: 9223372036854775807n });
  });
});

/** One request with a binary body and answer. */
async function rawRequest(server: TestServer, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<{ status: number; body: Buffer }> {
  const { request } = await import('node:https');
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, ca: server.caPem, agent: false, headers: { Authorization: `Bearer ${server.adminToken}`, ...headers, ...(body === undefined ? {} : { 'Content-Length': String(body.length) }) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
