/**
 * Seeded fuzzing of the local server with hostile bodies: deep nesting, huge strings, prototype
 * keys, wrong types, broken UTF-8, YAML aliases and anchors, mangled JSON, odd patch operations and
 * strategic directives, across create, update, every patch type and apply, in JSON and YAML.
 * Between them, canary writes whose acknowledgement is recorded. Afterwards the server must still
 * answer, have raised no unexpected exception, restart on its data directory, and hold every
 * acknowledged canary write.
 *
 * Reproduce a run with `FUZZ_SEED=<seed>` (printed as a diagnostic); `FUZZ_ROUNDS` changes the
 * number of hostile requests.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpsRequest, Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at } from '../../support/api.js';

const NS = 'fuzz';
const CM = `/api/v1/namespaces/${NS}/configmaps`;
const DEPLOY = `/apis/apps/v1/namespaces/${NS}/deployments`;
const GADGETS = `/apis/fuzz.example.com/v1/namespaces/${NS}/gadgets`;
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'isPrototypeOf'];
const SOFT_TIME_LIMIT_MS = 12_000;

/** mulberry32: a small seeded PRNG, so a seed replays the same requests. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Gen {
  constructor(readonly random: () => number) {}
  int(max: number): number {
    return Math.floor(this.random() * max);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
  key(): string {
    return this.chance(0.5) ? this.pick(PROTO_KEYS) : this.pick(['a', 'b', 'data', 'spec', 'metadata', 'name', 'items', '$patch', '$retainKeys', '', ' ', 'k.e-y_1']);
  }
  /** A JSON text of a random (often wrongly typed) value; `depth` bounds ordinary nesting. */
  value(depth = 0): string {
    const r = this.int(depth > 4 ? 6 : 10);
    switch (r) {
      case 0: return 'null';
      case 1: return String(this.pick([0, -1, 1.5, 1e308, -0, 9007199254740991, 3]));
      case 2: return this.pick(['true', 'false']);
      case 3: return JSON.stringify(this.pick(['', 'x', '\u0000', '\u202e', '\ud800', 'ünïcödé', '%2e%2e', '../..', '${x}', 'a'.repeat(300)]));
      case 4: return this.pick(['"v"', '"1"', '9007199254740993', '1e400', '-1e-400']);
      case 5: return `"${'z'.repeat(this.int(2000))}"`;
      case 6: case 7: {
        const n = this.int(4);
        const members: string[] = [];
        for (let i = 0; i < n; i++) members.push(`${JSON.stringify(this.key())}:${this.value(depth + 1)}`);
        return `{${members.join(',')}}`;
      }
      default: {
        const n = this.int(4);
        const items: string[] = [];
        for (let i = 0; i < n; i++) items.push(this.value(depth + 1));
        return `[${items.join(',')}]`;
      }
    }
  }
  /** Objects or arrays nested `levels` deep (built as text, without recursion). */
  deep(levels: number): string {
    const open = this.chance(0.5) ? '[' : `{${JSON.stringify(this.key())}:`;
    const close = open === '[' ? ']' : '}';
    return `${open.repeat(levels)}"x"${close.repeat(levels)}`;
  }
  /** A value worth putting in a body: ordinary, deep, or huge. */
  payload(): string {
    const r = this.int(10);
    if (r === 0) return this.deep(200 + this.int(4000));
    if (r === 1) return this.deep(250 + this.int(10));
    if (r === 2) return `"${'h'.repeat(100_000 + this.int(900_000))}"`;
    return this.value();
  }
}

interface Hostile {
  what: string;
  method: string;
  path: string;
  contentType: string;
  body: Buffer;
}

/** One hostile request against one of the targets. */
function hostile(g: Gen): Hostile {
  const target = g.pick([
    { path: `${CM}/target`, collection: CM, kind: 'ConfigMap', apiVersion: 'v1' },
    { path: `${DEPLOY}/target`, collection: DEPLOY, kind: 'Deployment', apiVersion: 'apps/v1' },
    { path: `${GADGETS}/target`, collection: GADGETS, kind: 'Gadget', apiVersion: 'fuzz.example.com/v1' },
  ]);
  const field = JSON.stringify(g.key());
  const metaName = g.chance(0.6) ? '"target"' : g.chance(0.5) ? `"made-${g.int(1e6)}"` : g.value();
  const objectText = (): string => {
    const parts = [
      `"apiVersion":${g.chance(0.85) ? JSON.stringify(target.apiVersion) : g.value()}`,
      `"kind":${g.chance(0.85) ? JSON.stringify(target.kind) : g.value()}`,
      `"metadata":${g.chance(0.8) ? `{"name":${metaName},"labels":{${JSON.stringify(g.pick(PROTO_KEYS.slice(1)))}:"v"},${JSON.stringify(g.key())}:${g.value()}}` : g.value()}`,
      `${field}:${g.payload()}`,
      `"data":${g.chance(0.5) ? `{"a":${g.value()},${JSON.stringify(g.pick(PROTO_KEYS))}:"p"}` : g.value()}`,
      `"spec":${g.chance(0.5) ? `{"template":{"spec":{"containers":[{"name":${g.pick(['"constructor"', '"c"', 'null', '5'])},"image":"i"}]}},"replicas":${g.value()}}` : g.value()}`,
    ];
    return `{${parts.filter(() => g.chance(0.85)).join(',')}}`;
  };
  const yamlOf = (): string => g.pick([
    `apiVersion: ${target.apiVersion}\nkind: ${target.kind}\nmetadata:\n  name: target\n  labels: &l {a: b}\n  annotations: *l\ndata:\n  __proto__: x\n  constructor: y\n`,
    `a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n`,
    `metadata: &m\n  name: target\n  self: *m\n`,
    `metadata:\n  name: target\n<<: {kind: ${target.kind}}\ndata: !!binary aGVsbG8=\n`,
    `--- \nmetadata: {name: a}\n---\nmetadata: {name: b}\n`,
    `metadata:\n  name: target\nspec: ${'['.repeat(150 + g.int(200))}x${']'.repeat(150 + g.int(200))}\n`,
    `metadata:\n  name: target\nx: ${Array.from({ length: 300 }, (_, i) => `${' '.repeat(2 * i)}k:`).join('\n')} v\n`,
    `metadata: {name: target}\nstr: &s "${'s'.repeat(200_000)}"\nmany: [${Array.from({ length: 100 }, () => '*s').join(',')}]\n`,
    `metadata: {name: target}\n${JSON.stringify(g.key())}: ${g.value()}\n`,
    `\t- broken: [yaml\n`,
  ]);
  const mangle = (text: string): Buffer => {
    const bytes = Buffer.from(text, 'utf8');
    const r = g.int(8);
    if (r === 0 && bytes.length > 2) return bytes.subarray(0, g.int(bytes.length)); // truncated
    if (r === 1) {
      // Broken UTF-8: lone continuation bytes, a truncated sequence, an overlong encoding.
      const bad = g.pick([Buffer.from([0x80]), Buffer.from([0xc3]), Buffer.from([0xe2, 0x82]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xff, 0xfe])]);
      const at = Math.max(1, g.int(bytes.length));
      return Buffer.concat([bytes.subarray(0, at), bad, bytes.subarray(at)]);
    }
    if (r === 2 && bytes.length > 0) {
      const copy = Buffer.from(bytes);
      copy[g.int(copy.length)] = g.int(256);
      return copy;
    }
    return bytes;
  };
  const patchOps = (): string => {
    const ops: string[] = [];
    const n = 1 + g.int(4);
    for (let i = 0; i < n; i++) {
      const op = g.pick(['add', 'remove', 'replace', 'move', 'copy', 'test', 'frob', 5]);
      const path = g.pick(['/data/__proto__', '/data/constructor/x', '/metadata/labels/toString', '/spec/template/spec/containers/-', '/spec/template/spec/containers/99999999999', '/a~1b~0c', '', '/', '/metadata/__proto__/polluted', `/data/${g.key()}`, '/metadata/annotations/x']);
      const from = g.pick(['', '/metadata', '/data', '/spec', '/metadata/name']);
      ops.push(`{"op":${JSON.stringify(op)},"path":${JSON.stringify(path)},"from":${JSON.stringify(from)},"value":${g.payload()}}`);
    }
    if (g.chance(0.1)) for (let i = 0; i < 40; i++) ops.push('{"op":"copy","from":"","path":"/c"}');
    return `[${ops.join(',')}]`;
  };
  const strategic = (): string => g.pick([
    `{"$patch":${g.value()}}`,
    `{"spec":{"template":{"spec":{"containers":[{"name":"constructor","$patch":${g.pick(['"delete"', '"replace"', '"merge"', '"x"', '5'])}}]}}}}`,
    `{"spec":{"template":{"spec":{"$setElementOrder/containers":${g.value()},"containers":${g.value()}}}}}`,
    `{"metadata":{"$deleteFromPrimitiveList/finalizers":${g.value()},"$retainKeys":${g.value()}}}`,
    `{"spec":{"$retainKeys":["__proto__"],"__proto__":${g.value()}}}`,
    objectText(),
  ]);
  const choice = g.int(10);
  switch (choice) {
    case 0: return { what: 'create json', method: 'POST', path: target.collection, contentType: 'application/json', body: mangle(objectText()) };
    case 1: return { what: 'create yaml', method: 'POST', path: target.collection, contentType: 'application/yaml', body: mangle(yamlOf()) };
    case 2: return { what: 'update json', method: 'PUT', path: target.path, contentType: 'application/json', body: mangle(objectText()) };
    case 3: return { what: 'update yaml', method: 'PUT', path: target.path, contentType: 'application/yaml', body: mangle(yamlOf()) };
    case 4: return { what: 'merge patch', method: 'PATCH', path: target.path, contentType: 'application/merge-patch+json', body: mangle(g.chance(0.3) ? '{"__proto__":{"polluted":"yes"}}' : objectText()) };
    case 5: return { what: 'json patch', method: 'PATCH', path: target.path, contentType: 'application/json-patch+json', body: mangle(patchOps()) };
    case 6: return { what: 'strategic patch', method: 'PATCH', path: target.path, contentType: 'application/strategic-merge-patch+json', body: mangle(strategic()) };
    case 7: return { what: 'apply json', method: 'PATCH', path: `${target.path}?fieldManager=fuzz${g.chance(0.5) ? '&force=true' : ''}`, contentType: 'application/apply-patch+yaml', body: mangle(objectText()) };
    case 8: return { what: 'apply yaml', method: 'PATCH', path: `${target.path}?fieldManager=fuzz-yaml`, contentType: 'application/apply-patch+yaml', body: mangle(yamlOf()) };
    default: return { what: 'status/subresource', method: g.pick(['PUT', 'PATCH']), path: `${target.path}/${g.pick(['status', 'scale', '%2e%2e', '..'])}`, contentType: 'application/merge-patch+json', body: mangle(objectText()) };
  }
}

/** Sends raw bytes (the test client only sends strings, which cannot carry broken UTF-8). */
function sendRaw(server: TestServer, agent: Agent, h: Hostile): Promise<{ status: number; text: string }> {
  const base = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpsRequest({
      host: base.hostname, port: base.port, path: h.path, method: h.method, agent,
      headers: { Authorization: `Bearer ${server.adminToken}`, 'Content-Type': h.contentType, 'Content-Length': String(h.body.length) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(h.body);
  });
}

const GADGET_CRD = {
  apiVersion: 'apiextensions.platform.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'gadgets.fuzz.example.com' },
  spec: {
    group: 'fuzz.example.com', scope: 'Namespaced', names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget' },
    versions: [{
      name: 'v1', served: true, storage: true, subresources: { status: {} },
      schema: {
        openAPIV3Schema: {
          type: 'object',
          properties: {
            spec: {
              type: 'object',
              properties: {
                size: { type: 'integer', default: 1 },
                constructor: { type: 'string', default: 'c' },
                free: { type: 'object', 'x-platform-preserve-unknown-fields': true },
              },
            },
            data: { type: 'object', 'x-platform-preserve-unknown-fields': true },
            status: { type: 'object', 'x-platform-preserve-unknown-fields': true },
          },
        },
      },
    }],
  },
};

async function seedTargets(api: ApiClient): Promise<void> {
  await api.post('/api/v1/namespaces', { metadata: { name: NS } });
  const crd = await api.post('/apis/apiextensions.platform.io/v1/customresourcedefinitions', GADGET_CRD);
  assert.equal(crd.status, 201, crd.text);
  for (let i = 0; i < 100 && (await api.get('/apis/fuzz.example.com/v1')).status !== 200; i++) await sleep(20);
  await api.post(CM, { metadata: { name: 'target' }, data: { a: '1' } });
  await api.post(DEPLOY, {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'target' },
    spec: { selector: { matchLabels: { app: 't' } }, template: { metadata: { labels: { app: 't' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
  });
  const gadget = await api.post(GADGETS, { apiVersion: 'fuzz.example.com/v1', kind: 'Gadget', metadata: { name: 'target' }, spec: { free: { a: 1 } } });
  assert.equal(gadget.status, 201, gadget.text);
}

test('fuzz: hostile bodies never crash the server, corrupt its store or lose an acknowledged write', async (t) => {
  const seed = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
  const rounds = process.env.FUZZ_ROUNDS !== undefined ? Number(process.env.FUZZ_ROUNDS) : 250;
  t.diagnostic(`fuzz seed ${seed} (reproduce with FUZZ_SEED=${seed} FUZZ_ROUNDS=${rounds})`);
  const g = new Gen(prng(seed));
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-fuzz-'));
  const unexpected: string[] = [];
  const logger = (line: string): void => {
    if (line.startsWith('internal error on')) unexpected.push(line.split('\n').slice(0, 3).join(' | '));
  };
  const acked = new Map<string, string>();
  const statuses = new Map<number, number>();
  let sent = 0;
  try {
    const server = await startTestServer({ dataDir: dir, logger });
    const api = new ApiClient(server);
    const agent = new Agent({ ca: server.caPem, keepAlive: true });
    try {
      await seedTargets(api);
      const started = Date.now();
      for (let round = 0; round < rounds && Date.now() - started < SOFT_TIME_LIMIT_MS; round++) {
        const h = hostile(g);
        const r = await sendRaw(server, agent, h);
        sent++;
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (process.env.FUZZ_VERBOSE !== undefined && r.status >= 500) t.diagnostic(`${h.what} ${r.status} ${r.text.slice(0, 200)}`);
        const reason = r.status >= 500 ? String(at(JSON.parse(r.text) as unknown, 'reason') ?? '') : '';
        // The API server's own 500s of patch engines carry no reason; an unexpected exception is an InternalError.
        assert.ok(r.status < 500 || reason === '', `seed ${seed} round ${round} ${h.what} ${h.method} ${h.path}: ${r.status} ${r.text.slice(0, 300)}`);
        if (round % 4 === 0) {
          // A canary write: its acknowledgement must survive whatever came before and after.
          const name = `canary-${g.int(12)}`;
          const value = `${round}`;
          const c = acked.has(name)
            ? await api.put(`${CM}/${name}`, { metadata: { name }, data: { v: value } })
            : await api.post(CM, { metadata: { name }, data: { v: value } });
          assert.ok(c.status === 200 || c.status === 201, `seed ${seed} canary ${name}: ${c.status} ${c.text}`);
          acked.set(name, value);
        }
      }
      t.diagnostic(`sent ${sent} hostile requests; statuses ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}x${n}`).join(' ')}`);
      assert.deepEqual(unexpected, [], `seed ${seed}: unexpected exceptions`);
      assert.equal((await api.get('/readyz')).status, 200, 'the server still answers and its store can write');
      for (const path of [`${CM}/target`, `${DEPLOY}/target`, `${GADGETS}/target`]) assert.equal((await api.get(path)).status, 200, path);
      assert.equal((await api.get(CM)).status, 200, 'lists still serialize');
      assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype is not polluted');
      assert.deepEqual(Object.keys(Object.prototype), []);
      assert.equal(Object.isFrozen(Object.prototype), false);
    } finally {
      agent.destroy();
      api.close();
      await server.stop();
    }
    // Restart on the same data directory: every acknowledged canary write is there.
    const again = await startTestServer({ dataDir: dir, logger });
    const api2 = new ApiClient(again);
    try {
      for (const [name, value] of acked) {
        const r = await api2.get(`${CM}/${name}`);
        assert.equal(r.status, 200, `seed ${seed}: ${name} lost`);
        assert.equal(at(r.body, 'data.v'), value, `seed ${seed}: ${name} has its last acknowledged value`);
      }
      const w = await api2.post(CM, { metadata: { name: 'after-restart' } });
      assert.equal(w.status, 201, w.text);
    } finally {
      api2.close();
      await again.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
