import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at, objectAt } from '../../support/api.js';

const NS = '/api/v1/namespaces/hostile';
const CM = `${NS}/configmaps`;
const DEPLOY = '/apis/apps/v1/namespaces/hostile/deployments';
/** Custom objects that keep every field: built-in kinds drop unknown fields, as a real server does. */
const DEEPS = '/apis/hostile.example.com/v1/namespaces/hostile/deeps';

const DEEP_CRD = {
  apiVersion: 'apiextensions.platform.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'deeps.hostile.example.com' },
  spec: {
    group: 'hostile.example.com', scope: 'Namespaced', names: { plural: 'deeps', singular: 'deep', kind: 'Deep' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-platform-preserve-unknown-fields': true } } }],
  },
};

/** Creates the namespace and the CRD of {@link DEEPS}, and waits until the kind is served. */
async function seedHostile(api: ApiClient): Promise<void> {
  await api.post('/api/v1/namespaces', { metadata: { name: 'hostile' } });
  const crd = await api.post('/apis/apiextensions.platform.io/v1/customresourcedefinitions', DEEP_CRD);
  assert.equal(crd.status, 201, crd.text);
  for (let i = 0; i < 100 && (await api.get('/apis/hostile.example.com/v1')).status !== 200; i++) await new Promise((r) => setTimeout(r, 20));
}

/** `depth` arrays nested in each other around a string, as JSON text (about 2 bytes a level). */
function nestedArrayText(depth: number): string {
  return `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
}

/** `depth` objects `{"k": ...}` nested in each other, as JSON text. */
function nestedObjectText(depth: number): string {
  return `${'{"k":'.repeat(depth)}"x"${'}'.repeat(depth)}`;
}

/** The same nesting as YAML block mappings (two more spaces of indentation a level). */
function nestedYaml(depth: number, indent: number): string {
  let text = '';
  for (let i = 0; i < depth; i++) text += `${' '.repeat(indent + 2 * i)}k:\n`;
  return `${text}${' '.repeat(indent + 2 * depth)}x\n`;
}

async function resourceVersionOf(api: ApiClient): Promise<string> {
  return String(at((await api.get(`${CM}?limit=1`)).body, 'metadata.resourceVersion'));
}

describe('a 3,000-deep array in a ConfigMap', () => {
  test('is refused with 400 before it takes a resource version; the next POST works; the data directory restarts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'platformctl-deep-'));
    try {
      let server = await startTestServer({ dataDir: dir });
      let api = new ApiClient(server);
      try {
        await api.post('/api/v1/namespaces', { metadata: { name: 'hostile' } });
        const first = await api.post(CM, { metadata: { name: 'first' }, data: { a: '1' } });
        assert.equal(first.status, 201, first.text);
        const rvBefore = Number(at(first.body, 'metadata.resourceVersion'));
        const deepBody = `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deep"},"data":{},"extra":${nestedArrayText(3000)}}`;
        assert.ok(deepBody.length < 7000, 'about 6 KB, as in the issue');
        const deep = await api.request('POST', CM, { rawBody: deepBody });
        assert.equal(deep.status, 400, deep.text);
        assert.equal(at(deep.body, 'reason'), 'BadRequest');
        assert.match(String(at(deep.body, 'message')), /exceeded max depth/);
        const next = await api.post(CM, { metadata: { name: 'next' }, data: { b: '2' } });
        assert.equal(next.status, 201, next.text);
        assert.ok(Number(at(next.body, 'metadata.resourceVersion')) > rvBefore);
      } finally {
        api.close();
        await server.stop();
      }
      server = await startTestServer({ dataDir: dir });
      api = new ApiClient(server);
      try {
        assert.equal((await api.get(`${CM}/first`)).status, 200);
        assert.equal((await api.get(`${CM}/next`)).status, 200);
        assert.equal((await api.get(`${CM}/deep`)).status, 404);
        const after = await api.post(CM, { metadata: { name: 'after-restart' } });
        assert.equal(after.status, 201, after.text);
      } finally {
        api.close();
        await server.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('hostile request bodies', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    await seedHostile(api);
    await api.post(CM, { metadata: { name: 'target' }, data: { a: '1' } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('bodies nested deeper than the limit are 400 in every decoder, and take no resource version', async () => {
    const rv = await resourceVersionOf(api);
    const deepJson = nestedObjectText(300);
    const cases: { method: string; path: string; body: string; contentType: string }[] = [
      { method: 'POST', path: CM, body: `{"metadata":{"name":"d1"},"extra":${deepJson}}`, contentType: 'application/json' },
      { method: 'POST', path: CM, body: `metadata:\n  name: d2\nextra:\n${nestedYaml(300, 2)}`, contentType: 'application/yaml' },
      { method: 'POST', path: CM, body: `{"metadata":{"name":"d3"},"extra":${nestedArrayText(300)}}`, contentType: 'application/yaml' },
      { method: 'PUT', path: `${CM}/target`, body: `{"metadata":{"name":"target"},"extra":${deepJson}}`, contentType: 'application/json' },
      { method: 'PATCH', path: `${CM}/target`, body: `{"extra":${deepJson}}`, contentType: 'application/merge-patch+json' },
      { method: 'PATCH', path: `${CM}/target`, body: `{"extra":${deepJson}}`, contentType: 'application/strategic-merge-patch+json' },
      { method: 'PATCH', path: `${CM}/target`, body: `[{"op":"add","path":"/extra","value":${deepJson}}]`, contentType: 'application/json-patch+json' },
      { method: 'PATCH', path: `${CM}/target?fieldManager=m`, body: `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"target"},"extra":${deepJson}}`, contentType: 'application/apply-patch+yaml' },
      { method: 'PATCH', path: `${CM}/target?fieldManager=m`, body: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: target\nextra:\n${nestedYaml(300, 2)}`, contentType: 'application/apply-patch+yaml' },
    ];
    for (const c of cases) {
      const r = await api.request(c.method, c.path, { rawBody: c.body, contentType: c.contentType });
      assert.equal(r.status, 400, `${c.method} ${c.contentType}: ${r.text}`);
      assert.match(String(at(r.body, 'message')), /exceeded max depth/, `${c.method} ${c.contentType}`);
    }
    assert.equal(await resourceVersionOf(api), rv);
  });

  test('bodies at the nesting limit are stored and read back by every write path', async () => {
    const atLimit = 250; // a few levels below the limit of 256 for the object around the value
    const value = JSON.parse(nestedObjectText(atLimit)) as unknown;
    const deep = { apiVersion: 'hostile.example.com/v1', kind: 'Deep', metadata: { name: 'limit' } };
    const created = await api.post(DEEPS, { ...deep, extra: value });
    assert.equal(created.status, 201, created.text);
    const writes = [
      // Custom objects allow no unconditional update: the PUT names the version it replaces.
      await api.put(`${DEEPS}/limit`, { ...deep, metadata: { name: 'limit', resourceVersion: String(at(created.body, 'metadata.resourceVersion')) }, extra: value, other: value }),
      await api.patch(`${DEEPS}/limit`, { more: value }, 'merge'),
      await api.patch(`${DEEPS}/limit`, [{ op: 'add', path: '/json', value }], 'json'),
      await api.apply(`${DEEPS}/limit`, { ...deep, applied: value }, 'deep-manager'),
    ];
    for (const w of writes) assert.equal(w.status, 200, w.text);
    const got = await api.get(`${DEEPS}/limit`);
    assert.equal(got.status, 200);
    for (const field of ['extra', 'other', 'more', 'json', 'applied']) assert.deepEqual(at(got.body, field), value, field);
    assert.equal((await api.get(DEEPS)).status, 200);
    // Custom objects take no strategic merge patch; a built-in kind decodes one at the limit (and
    // drops the field it does not know, with a warning, as a real server does).
    const strategic = await api.patch(`${CM}/target`, { again: value }, 'strategic');
    assert.equal(strategic.status, 200, strategic.text);
    assert.match(String(strategic.headers.warning), /unknown field \\"again\\"/);
  });

  test('a JSON patch that would nest the object deeper than the store keeps is 422, not stored', async () => {
    const value = JSON.parse(nestedObjectText(250)) as unknown;
    await api.post(DEEPS, { apiVersion: 'hostile.example.com/v1', kind: 'Deep', metadata: { name: 'grow' }, g: value });
    let path = '/g';
    for (let i = 0; i < 250; i++) path += '/k';
    let last = await api.patch(`${DEEPS}/grow`, [{ op: 'replace', path, value }], 'json');
    assert.equal(last.status, 200, last.text);
    path += '/k'.repeat(250);
    last = await api.patch(`${DEEPS}/grow`, [{ op: 'replace', path, value }], 'json');
    assert.equal(last.status, 422, last.text);
    assert.match(String(at(last.body, 'message')), /exceeded max depth of 512/);
    assert.equal((await api.get(`${DEEPS}/grow`)).status, 200);
  });

  test('YAML alias bombs are refused with go-yaml\'s words', async () => {
    const bomb = [
      'apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: lol',
      'data:',
      '  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      '  b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      '  c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      '  d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
      '  e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
      '  f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
      '  g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]',
      '  h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]',
      '  i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]',
      '',
    ].join('\n');
    const started = Date.now();
    for (const [method, path, contentType] of [['POST', CM, 'application/yaml'], ['PATCH', `${CM}/lol?fieldManager=m`, 'application/apply-patch+yaml']] as const) {
      const r = await api.request(method, path, { rawBody: bomb, contentType });
      assert.equal(r.status, 400, r.text);
      assert.match(String(at(r.body, 'message')), /document contains excessive aliasing/);
    }
    assert.ok(Date.now() - started < 5000, 'refused quickly');
    // A few aliases of a large string pass the ratio rule but not the expanded-size bound.
    const big = `data:\n  a: &s "${'x'.repeat(1024 * 1024)}"\n  b: [${Array.from({ length: 20 }, () => '*s').join(',')}]\nmetadata:\n  name: big\n`;
    const r = await api.request('POST', CM, { rawBody: big, contentType: 'application/yaml' });
    assert.equal(r.status, 400, r.text.slice(0, 300));
    assert.match(String(at(r.body, 'message')), /excessive aliasing/);
    // Ordinary aliases are fine.
    const ok = await api.request('POST', CM, { rawBody: 'metadata:\n  name: aliases\n  labels: &l {a: b}\n  annotations: *l\ndata: {x: y}\n', contentType: 'application/yaml' });
    assert.equal(ok.status, 201, ok.text);
    assert.deepEqual(objectAt(ok.body, 'metadata.annotations'), { a: 'b' });
  });
});

describe('prototype keys are plain keys', () => {
  let server: TestServer;
  let api: ApiClient;
  const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];
  /** `{"<key>": value, ...}` for every key above, as JSON text (JSON.stringify cannot write `__proto__` from a literal). */
  const objectText = (value: string, keys: readonly string[] = KEYS): string => `{${keys.map((k) => `"${k}":${JSON.stringify(value)}`).join(',')}}`;
  const expected = (value: string, keys: readonly string[] = KEYS): Record<string, string> => Object.fromEntries(keys.map((k) => [k, value]));
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    await seedHostile(api);
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('the issue\'s PATCH stores "__proto__" as a key and pollutes nothing; later patches with such keys work', async () => {
    // A built-in kind drops the unknown field, as a real server does; nothing is polluted.
    assert.equal((await api.post(CM, { metadata: { name: 'proto' }, data: { a: '1' } })).status, 201);
    const dropped = await api.request('PATCH', `${CM}/proto`, { rawBody: '{"__proto__":{"polluted":"yes"}}', contentType: 'application/merge-patch+json' });
    assert.equal(dropped.status, 200, dropped.text);
    assert.equal(Object.hasOwn(dropped.body, '__proto__'), false);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    // An object that keeps unknown fields stores it as a plain key.
    assert.equal((await api.post(DEEPS, { apiVersion: 'hostile.example.com/v1', kind: 'Deep', metadata: { name: 'proto' }, data: { a: '1' } })).status, 201);
    const polluting = await api.request('PATCH', `${DEEPS}/proto`, { rawBody: '{"__proto__":{"polluted":"yes"}}', contentType: 'application/merge-patch+json' });
    assert.equal(polluting.status, 200, polluting.text);
    assert.deepEqual(objectAt(polluting.body, '__proto__'), { polluted: 'yes' });
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    const data = await api.request('PATCH', `${CM}/proto`, { rawBody: `{"data":${objectText('m')}}`, contentType: 'application/merge-patch+json' });
    assert.equal(data.status, 200, data.text);
    assert.deepEqual(objectAt(data.body, 'data'), { a: '1', ...expected('m') });
    const removed = await api.request('PATCH', `${DEEPS}/proto`, { rawBody: '{"__proto__":null,"data":{"constructor":"c"}}', contentType: 'application/merge-patch+json' });
    assert.equal(removed.status, 200, removed.text);
    assert.equal(Object.hasOwn(removed.body, '__proto__'), false);
    assert.equal(objectAt(removed.body, 'data').constructor, 'c');
    const removedData = await api.request('PATCH', `${CM}/proto`, { rawBody: '{"data":{"constructor":null}}', contentType: 'application/merge-patch+json' });
    assert.equal(Object.hasOwn(objectAt(removedData.body, 'data'), 'constructor'), false);
    // A fresh object is unaffected.
    const fresh = await api.post(CM, { metadata: { name: 'fresh' }, data: { x: 'y' } });
    assert.equal(fresh.status, 201, fresh.text);
    assert.deepEqual(objectAt(fresh.body, 'data'), { x: 'y' });
    assert.equal(Object.hasOwn(fresh.body, '__proto__'), false);
  });

  test('create, update, every patch type and apply, in JSON and YAML, store such keys and read them back', async () => {
    const labelKeys = KEYS.filter((k) => k !== '__proto__'); // "__proto__" is not a valid label key
    const created = await api.request('POST', CM, {
      rawBody: `{"metadata":{"name":"keys","labels":${objectText('l', labelKeys)},"annotations":${objectText('a', labelKeys)}},"data":${objectText('c')}}`,
    });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(objectAt(created.body, 'data'), expected('c'));
    assert.deepEqual(objectAt(created.body, 'metadata.labels'), expected('l', labelKeys));

    const yamlData = (value: string): string => KEYS.map((k) => `  ${k}: ${value}\n`).join('');
    const steps: { name: string; method: string; path: string; body: string; contentType: string; value: string }[] = [
      { name: 'PUT yaml', method: 'PUT', path: `${CM}/keys`, body: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: keys\ndata:\n${yamlData('u')}`, contentType: 'application/yaml', value: 'u' },
      { name: 'PUT json', method: 'PUT', path: `${CM}/keys`, body: `{"metadata":{"name":"keys"},"data":${objectText('j')}}`, contentType: 'application/json', value: 'j' },
      { name: 'merge', method: 'PATCH', path: `${CM}/keys`, body: `{"data":${objectText('m')}}`, contentType: 'application/merge-patch+json', value: 'm' },
      { name: 'strategic', method: 'PATCH', path: `${CM}/keys`, body: `{"data":${objectText('s')}}`, contentType: 'application/strategic-merge-patch+json', value: 's' },
      {
        name: 'json patch', method: 'PATCH', path: `${CM}/keys`, contentType: 'application/json-patch+json', value: 'p',
        body: JSON.stringify(KEYS.flatMap((k) => [{ op: 'test', path: `/data/${k}`, value: 's' }, { op: 'replace', path: `/data/${k}`, value: 'p' }])),
      },
      { name: 'apply json', method: 'PATCH', path: `${CM}/keys?fieldManager=applier&force=true`, body: `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"keys"},"data":${objectText('a')}}`, contentType: 'application/apply-patch+yaml', value: 'a' },
      { name: 'apply yaml', method: 'PATCH', path: `${CM}/keys?fieldManager=applier`, body: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: keys\ndata:\n${yamlData('y')}`, contentType: 'application/apply-patch+yaml', value: 'y' },
    ];
    for (const step of steps) {
      const r = await api.request(step.method, step.path, { rawBody: step.body, contentType: step.contentType });
      assert.equal(r.status, 200, `${step.name}: ${r.text}`);
      assert.deepEqual(objectAt(r.body, 'data'), expected(step.value), step.name);
      const read = await api.get(`${CM}/keys`);
      assert.deepEqual(objectAt(read.body, 'data'), expected(step.value), `${step.name} read back`);
    }
    // Removing them: JSON patch, strategic null and apply dropping its fields.
    const removed = await api.patch(`${CM}/keys`, [{ op: 'remove', path: '/data/__proto__' }, { op: 'remove', path: '/data/constructor' }], 'json');
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(Object.keys(objectAt(removed.body, 'data')).sort(), ['hasOwnProperty', 'prototype', 'toString', 'valueOf']);
    const pruned = await api.request('PATCH', `${CM}/keys?fieldManager=applier`, { rawBody: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: keys\ndata:\n  valueOf: z\n', contentType: 'application/apply-patch+yaml' });
    assert.equal(pruned.status, 200, pruned.text);
    assert.deepEqual(objectAt(pruned.body, 'data'), { valueOf: 'z' });
    // A JSON patch path through a key the document lacks does not reach Object's own members.
    const through = await api.patch(`${CM}/keys`, [{ op: 'add', path: '/data/constructor/name', value: 'x' }], 'json');
    assert.equal(through.status, 422, through.text);
    assert.equal((Object as unknown as Record<string, unknown>).polluted, undefined);
    assert.equal(typeof Object.prototype.toString, 'function');
  });

  test('list items keyed by such names merge by key (strategic merge and apply)', async () => {
    const containers = [{ name: 'constructor', image: 'a', env: [{ name: '__proto__', value: '1' }, { name: 'toString', value: '2' }] }, { name: 'prototype', image: 'b' }];
    const body = {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'keys' },
      spec: { selector: { matchLabels: { app: 'k' } }, template: { metadata: { labels: { app: 'k' } }, spec: { containers } } },
    };
    const created = await api.post(DEPLOY, body);
    assert.equal(created.status, 201, created.text);
    const patched = await api.patch(`${DEPLOY}/keys`, { spec: { template: { spec: { containers: [{ name: 'constructor', env: [{ name: '__proto__', value: '3' }] }] } } } }, 'strategic');
    assert.equal(patched.status, 200, patched.text);
    const got = (at(patched.body, 'spec.template.spec.containers') as { name: string; image: string; env?: { name: string; value: string }[] }[]);
    assert.deepEqual(got.map((c) => [c.name, c.image]), [['constructor', 'a'], ['prototype', 'b']]);
    assert.deepEqual(got[0]?.env, [{ name: '__proto__', value: '3' }, { name: 'toString', value: '2' }]);
    const applied = await api.apply(`${DEPLOY}/keys`, { ...body, spec: { ...body.spec, template: { ...body.spec.template, spec: { containers: [{ name: 'valueof', image: 'c' }] } } } }, 'other');
    assert.equal(applied.status, 200, applied.text);
    const names = (at(applied.body, 'spec.template.spec.containers') as { name: string }[]).map((c) => c.name);
    assert.deepEqual(names.sort(), ['constructor', 'prototype', 'valueof']);
    const managers = (at(applied.body, 'metadata.managedFields') as { manager: string }[]).map((m) => m.manager);
    assert.ok(managers.includes('other'));
  });
});
