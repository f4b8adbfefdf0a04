/**
 * Hostile manifests and config files: YAML alias bombs (billion laughs) and self-containing
 * anchors, alias chains deeper than the nesting limit, a long string repeated through aliases,
 * 10,000-level JSON, invalid UTF-8, a name of the wrong type, and several broken files at once.
 * Each is refused fast, with bounded memory, in one line that names the file (and line).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import { ConfigError, InputError } from '../../../../src/sdk/errors.js';
import { ManifestErrors, parseManifestText, readManifests } from '../../../../src/sdk/apply/manifests.js';
import { loadConfig } from '../../../../src/sdk/config/index.js';
import { checkExpansion } from '../../../../src/machinery/yaml/limits.js';
import { billionLaughsConfig, billionLaughsManifest } from '../../../support/hostile.js';

async function withDir(files: Record<string, string | Buffer>, fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-hostile-'));
  try {
    for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content);
    await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const options = (dir: string): Parameters<typeof readManifests>[1] => ({ cwd: dir, stdin: () => Readable.from([]) });

/** Runs `fn`, returning how long it took and how much the heap grew. */
async function measure(fn: () => Promise<void>): Promise<{ ms: number; heapMiB: number }> {
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  await fn();
  return { ms: performance.now() - started, heapMiB: (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20 };
}

test('the billion-laughs manifest is refused in milliseconds with bounded memory, naming file and line', async () => {
  const text = billionLaughsManifest();
  assert.equal(Buffer.byteLength(text), 578);
  await withDir({ 'laughs.yaml': text, 'plain.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n' }, async (dir) => {
    // Load the YAML parser first: the measurement is of the document, not of module loading.
    await readManifests(['plain.yaml'], options(dir));
    const { ms, heapMiB } = await measure(async () => {
      await assert.rejects(readManifests(['laughs.yaml'], options(dir)), (err: unknown) => {
        assert.ok(err instanceof InputError);
        assert.equal(err.file, 'laughs.yaml');
        assert.equal(err.line, 9, 'the line of the first alias');
        assert.equal(err.message, 'document 1: yaml: document contains excessive aliasing');
        return true;
      });
    });
    process.stdout.write(`# billion laughs manifest refused in ${ms.toFixed(1)} ms, heap +${heapMiB.toFixed(1)} MiB\n`);
    // Milliseconds on an idle machine; expanding it took 101 s and 2.2 GB.
    assert.ok(ms < 2000, `took ${ms} ms`);
    assert.ok(heapMiB < 64, `heap grew ${heapMiB} MiB`);
  });
});

test('the billion-laughs kubeconfig is refused fast, naming the file', async () => {
  await withDir({ config: billionLaughsConfig() }, async (dir) => {
    const file = join(dir, 'config');
    const { ms } = await measure(async () => {
      await assert.rejects(loadConfig({ env: { PLATFORMCONFIG: file }, homedir: dir }), (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.equal(err.message, `error loading config file "${file}": yaml: line 6: document contains excessive aliasing`);
        return true;
      });
    });
    process.stdout.write(`# billion laughs kubeconfig refused in ${ms.toFixed(1)} ms\n`);
    assert.ok(ms < 2000, `took ${ms} ms`);
  });
});

test('an anchor that contains itself, alias chains past the depth limit, and a long string repeated through aliases are refused', async () => {
  await assert.rejects(parseManifestText('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\nx: &a [1, *a]\n', 'self.yaml'), /document 1: yaml: anchor value contains itself/);
  const chain = ['apiVersion: v1', 'kind: ConfigMap', 'metadata: {name: a}', 'x:', '  l0: &l0 {v: 1}'];
  for (let i = 1; i <= 1100; i++) chain.push(`  l${i}: &l${i} {v: *l${i - 1}}`);
  await assert.rejects(parseManifestText(`${chain.join('\n')}\n`, 'chain.yaml'), /document 1: yaml: exceeded max depth of 1000/);
  const big = 'x'.repeat(1024 * 1024);
  const repeated = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  big: &big "${big}"\nx: [${Array.from({ length: 100 }, () => '*big').join(', ')}]\n`;
  await assert.rejects(parseManifestText(repeated, 'repeat.yaml'), /document 1: yaml: document contains excessive aliasing/);
  // Ordinary use of anchors is fine.
  const ok = await parseManifestText('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, labels: &l {app: x}}\nx: [*l, *l, *l]\n', 'ok.yaml');
  assert.deepEqual(ok[0]?.object.x, [{ app: 'x' }, { app: 'x' }, { app: 'x' }]);
  assert.equal(checkExpansion({ a: [1, 2, { b: 'c' }] }, 20), undefined);
});

test('a 10,000-level JSON manifest gives a depth error with file, line and column, not a stack overflow', async () => {
  const deep = `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deep"},\n"x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
  await assert.rejects(parseManifestText(deep, 'deep.json'), (err: unknown) => {
    assert.ok(err instanceof InputError);
    assert.deepEqual([err.file, err.line, err.column], ['deep.json', 2, 1004]);
    assert.equal(err.message, "document 1: json: invalid character '[' exceeded max depth of 1000");
    return true;
  });
  const deepYaml = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\nx: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`;
  await assert.rejects(parseManifestText(deepYaml, 'deep.yaml'), /document 1: yaml: exceeded max depth of 1000/);
});

test('invalid UTF-8 is an error naming the file, line and column (never silently replaced)', async () => {
  const bytes = Buffer.concat([Buffer.from('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bad\ndata:\n  k: "ab'), Buffer.from([0xff, 0xfe]), Buffer.from('cd"\n')]);
  await withDir({ 'bad.yaml': bytes }, async (dir) => {
    await assert.rejects(readManifests(['bad.yaml'], options(dir)), (err: unknown) => {
      assert.ok(err instanceof InputError);
      assert.deepEqual([err.file, err.line, err.column], ['bad.yaml', 6, 9]);
      assert.match(err.message, /^invalid UTF-8 \(byte 0xff\)/);
      return true;
    });
    await assert.rejects(readManifests(['-'], { ...options(dir), stdin: () => Readable.from([bytes]) }), (err: unknown) => err instanceof InputError && err.file === 'STDIN' && err.line === 6);
  });
});

test('a name of the wrong type says so', async () => {
  await assert.rejects(parseManifestText('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: 12345\n', 'n.yaml'), (err: unknown) => {
    assert.ok(err instanceof InputError);
    assert.equal(err.message, 'document 1: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type string');
    return true;
  });
  await assert.rejects(parseManifestText('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  labels: {x: 1}\n', 'l.yaml'), /cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string/);
});

test('every broken manifest is reported, not only the first', async () => {
  const good = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: good\n';
  await withDir({
    'a.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  bad: [unclosed\n',
    'b.yaml': good,
    'c.json': '{"apiVersion": "v1", "kind": "ConfigMap", metadata: {}}',
    'd.yaml': `${good}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d\n x: y\n---\nkind: ConfigMap\nmetadata: {name: e}\n`,
  }, async (dir) => {
    await assert.rejects(readManifests(['.', 'missing.yaml'], options(dir)), (err: unknown) => {
      assert.ok(err instanceof ManifestErrors);
      assert.deepEqual(err.errors.map((e) => `${e.file ?? ''}:${e.line ?? ''}:${e.column ?? ''}`), ['a.yaml:6:1', 'c.json:1:43', 'd.yaml:10:2', 'd.yaml:12:', '::']);
      assert.match(err.errors[2]?.message ?? '', /^document 2: yaml: /);
      assert.match(err.errors[3]?.message ?? '', /^document 3: Object 'apiVersion' is missing/);
      assert.match(err.errors[4]?.message ?? '', /the path "missing.yaml" does not exist/);
      return true;
    });
  });
});
