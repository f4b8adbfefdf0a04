/**
 * The manifests reader: files, directories (-R), stdin, URLs (a local HTTPS server), several
 * sources, multi-document YAML, JSON streams, Lists, empty documents, and errors that name the
 * file, the document and the line:column.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:https';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import { Agent, getGlobalDispatcher, request, setGlobalDispatcher } from 'undici';
import { InputError } from '../../../../src/sdk/errors.js';
import { parseManifestText, readManifests, type ReadManifestsOptions } from '../../../../src/sdk/apply/manifests.js';
import { ephemeralTlsMaterial } from '../../../../src/server/tls/certificates.js';

async function withDir(files: Record<string, string>, fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-manifests-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      await mkdir(join(dir, name, '..'), { recursive: true });
      await writeFile(join(dir, name), text);
    }
    await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function options(dir: string, extra: Partial<ReadManifestsOptions> = {}): ReadManifestsOptions {
  return { cwd: dir, stdin: () => Readable.from([]), ...extra };
}

const cm = (name: string, extra = ''): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${extra}`;

test('multi-document YAML: empty documents are skipped, indexes and lines follow the file', async () => {
  const text = `---\n${cm('a')}---\n\n---\n# a comment\n${cm('b', 'data:\n  on: yes\n  mode: 0777\n')}...\n`;
  const docs = await parseManifestText(text, 'x.yaml');
  assert.deepEqual(docs.map((d) => [d.object.metadata?.name, d.documentIndex, d.line]), [['a', 0, 2], ['b', 2, 10]]);
  // go-yaml v2 typing, as kubectl reads manifests: `yes` is a boolean and 0777 an octal integer.
  assert.deepEqual(docs[1]?.object.data, { true: true, mode: 511 });
});

test('JSON streams and Lists are flattened; typed list items inherit apiVersion and kind', async () => {
  const json = `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"j1"}}\n{"apiVersion":"v1","kind":"List","items":[{"apiVersion":"v1","kind":"Secret","metadata":{"name":"s"}}]}`;
  const docs = await parseManifestText(json, 'x.json');
  assert.deepEqual(docs.map((d) => [d.object.kind, d.object.metadata?.name, d.documentIndex, d.line]), [['ConfigMap', 'j1', 0, 1], ['Secret', 's', 1, 2]]);
  const typed = await parseManifestText('apiVersion: v1\nkind: ConfigMapList\nitems:\n- metadata: {name: x}\n- metadata: {name: z}\n', 'l.yaml');
  assert.deepEqual(typed.map((d) => [d.object.apiVersion, d.object.kind, d.object.metadata?.name]), [['v1', 'ConfigMap', 'x'], ['v1', 'ConfigMap', 'z']]);
});

test('YAML and JSON syntax errors name the file, the document and line:column', async () => {
  await assert.rejects(parseManifestText(`${cm('a')}---\n${cm('b')}  bad: [\n`, 'bad.yaml'), (err: unknown) => {
    assert.ok(err instanceof InputError);
    assert.equal(err.file, 'bad.yaml');
    assert.equal(err.line, 11);
    assert.match(err.message, /^document 2: yaml: /);
    return true;
  });
  await assert.rejects(parseManifestText('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n   x: 1\n', 'indent.yaml'), (err: unknown) => {
    assert.ok(err instanceof InputError);
    assert.equal(err.line, 5);
    assert.equal(typeof err.column, 'number');
    return true;
  });
  await assert.rejects(parseManifestText('{"apiVersion":"v1"}\n{"kind":\n "x",}', 'bad.json'), (err: unknown) => {
    assert.ok(err instanceof InputError);
    assert.deepEqual([err.file, err.line, err.column], ['bad.json', 3, 6]);
    assert.equal(err.message, "document 2: invalid character '}' looking for beginning of object key string");
    return true;
  });
});

test('documents without apiVersion, kind or name are rejected; create accepts generateName', async () => {
  await assert.rejects(parseManifestText('kind: ConfigMap\nmetadata: {name: a}\n', 'f.yaml'), /Object 'apiVersion' is missing in the ConfigMap/);
  await assert.rejects(parseManifestText('apiVersion: v1\nmetadata: {name: a}\n', 'f.yaml'), /Object 'Kind' is missing/);
  await assert.rejects(parseManifestText('apiVersion: v1\nkind: ConfigMap\nmetadata: {generateName: a-}\n', 'f.yaml'), /document 1: ConfigMap has no metadata.name/);
  const ok = await parseManifestText('apiVersion: v1\nkind: ConfigMap\nmetadata: {generateName: a-}\n', 'f.yaml', { requireName: 'name-or-generate' });
  assert.equal(ok.length, 1);
  await assert.rejects(parseManifestText('- a\n- b\n', 'f.yaml'), /document 1: expected an object, got a list/);
});

test('files, directories (only .yaml/.yml/.json, sub-directories with -R), stdin and several sources, in order', async () => {
  await withDir({
    'd/b.yaml': cm('b'),
    'd/a.json': '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"}}',
    'd/notes.txt': 'not a manifest',
    'd/sub/c.yml': cm('c'),
    'single.txt': cm('single'),
  }, async (dir) => {
    const flat = await readManifests(['d'], options(dir));
    assert.deepEqual(flat.map((m) => [m.source, m.object.metadata?.name]), [['d/a.json', 'a'], ['d/b.yaml', 'b']]);
    const deep = await readManifests(['d'], options(dir, { recursive: true }));
    assert.deepEqual(deep.map((m) => m.source), ['d/a.json', 'd/b.yaml', 'd/sub/c.yml']);
    const mixed = await readManifests(['single.txt', '-', 'd/b.yaml'], options(dir, { stdin: () => Readable.from([Buffer.from(cm('from-stdin'))]) }));
    assert.deepEqual(mixed.map((m) => [m.source, m.object.metadata?.name]), [['single.txt', 'single'], ['STDIN', 'from-stdin'], ['d/b.yaml', 'b']]);
    await assert.rejects(readManifests(['missing.yaml'], options(dir)), /the path "missing.yaml" does not exist/);
  });
});

test('https URLs: a custom fetcher, and the default one (global fetch, retried on 5xx)', async () => {
  const material = await ephemeralTlsMaterial(Date.now());
  let flaky = 0;
  const server = createServer({ key: material.keyPem, cert: material.certPem }, (req, res) => {
    if (req.url === '/cm.yaml') res.end(cm('from-url'));
    else if (req.url === '/flaky' && flaky++ < 1) res.writeHead(503).end('down');
    else if (req.url === '/flaky') res.end(cm('after-retry'));
    else res.writeHead(404).end('nope');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  const agent = new Agent({ connect: { ca: material.caPem } });
  const fetchUrl = async (url: string, signal: AbortSignal | undefined): Promise<string> => {
    const res = await request(url, { dispatcher: agent, ...(signal === undefined ? {} : { signal }) });
    if (res.statusCode !== 200) throw new InputError(`unable to read URL "${url}", server reported ${res.statusCode}`);
    return res.body.text();
  };
  const previous = getGlobalDispatcher();
  try {
    const got = await readManifests([`${base}/cm.yaml`], options('/', { fetchUrl }));
    assert.deepEqual(got.map((m) => [m.source, m.object.metadata?.name]), [[`${base}/cm.yaml`, 'from-url']]);
    await assert.rejects(readManifests([`${base}/missing`], options('/', { fetchUrl })), /server reported 404/);
    // The default fetcher is the global fetch; trust the test CA through the global dispatcher.
    setGlobalDispatcher(agent);
    const retried = await readManifests([`${base}/flaky`], options('/'));
    assert.equal(retried[0]?.object.metadata?.name, 'after-retry');
    await assert.rejects(readManifests([`${base}/missing`], options('/')), /unable to read URL ".*\/missing", server reported 404 Not Found, status code=404/);
  } finally {
    setGlobalDispatcher(previous);
    await agent.close();
    await new Promise((resolve) => server.close(resolve));
  }
});
