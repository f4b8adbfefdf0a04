/**
 * Hostile and broken input through the CLI against the local server: alias bombs in a manifest and
 * in the config file, every broken manifest of an apply reported (the others applied, as kubectl does), 1,000
 * levels of nesting still applied end to end, wrong types and invalid UTF-8 named with their file.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { run } from '../../src/cli/run.js';
import { CapturedOutput, runCli, testIO } from '../support/cli.js';
import { billionLaughsConfig, billionLaughsManifest } from '../support/hostile.js';
import { openWorkspace } from './writes-golden.js';

const cm = (name: string): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  k: v\n`;

test('apply reports every broken manifest, one line each, after applying the others as kubectl does', async () => {
  const ws = await openWorkspace({
    'dir/a.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  bad: [unclosed\n',
    'dir/b.yaml': cm('b'),
    'dir/c.json': '{"apiVersion": "v1", "kind": "ConfigMap", metadata: {}}',
    'dir/d.yaml': `${cm('d')}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: 12345\n`,
    'dir/e.yaml': cm('e'),
  });
  try {
    const r = await runCli(['apply', '-f', 'dir'], { env: ws.env, cwd: ws.dir });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, 'configmap/b created\nconfigmap/d created\nconfigmap/e created\n');
    assert.equal(r.stderr, [
      'dir/a.yaml:6:1: document 1: yaml: unexpected end of the stream within a flow collection',
      "dir/c.json:1:43: document 1: invalid character 'm' looking for beginning of object key string",
      'dir/d.yaml:8: document 2: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type string',
      '',
    ].join('\n'));
    for (const name of ['b', 'd', 'e']) assert.equal((await ws.api.get(`/api/v1/namespaces/default/configmaps/${name}`)).status, 200, `${name} was applied`);
    // One broken file alone is reported like any error.
    const one = await runCli(['create', '-f', 'dir/a.yaml'], { env: ws.env, cwd: ws.dir });
    assert.equal(one.stderr, 'error: dir/a.yaml:6:1: document 1: yaml: unexpected end of the stream within a flow collection\n');
  } finally {
    await ws.close();
  }
});

test('the billion-laughs manifest and config file are refused at once', async () => {
  const ws = await openWorkspace({ 'laughs.yaml': billionLaughsManifest(), 'bomb-config': billionLaughsConfig() });
  try {
    let started = performance.now();
    const r = await runCli(['create', '-f', 'laughs.yaml'], { env: ws.env, cwd: ws.dir });
    const manifestMs = performance.now() - started;
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'error: laughs.yaml:9: document 1: yaml: document contains excessive aliasing\n');
    started = performance.now();
    const c = await runCli(['get', 'ns'], { env: { ...ws.env, PLATFORMCONFIG: join(ws.dir, 'bomb-config') }, cwd: ws.dir });
    const configMs = performance.now() - started;
    assert.equal(c.code, 1);
    assert.equal(c.stderr, `error: error loading config file "${join(ws.dir, 'bomb-config')}": yaml: line 6: document contains excessive aliasing\n`);
    process.stdout.write(`# create -f billion laughs: ${manifestMs.toFixed(1)} ms; get ns with the bomb as config: ${configMs.toFixed(1)} ms\n`);
    // The parse itself takes milliseconds (hostile-manifests.test.ts); here the first run of a command
    // also loads its modules, which on a loaded machine can take a second. Expanding took minutes.
    assert.ok(manifestMs < 5000 && configMs < 5000, `${manifestMs} ms, ${configMs} ms`);
  } finally {
    await ws.close();
  }
});

test('1,000 levels of nesting are applied and read back end to end; 10,000 are refused with the position', async () => {
  const nested = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const ws = await openWorkspace({
    'deep.json': `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deep"},"data":{"k":"v"},"x":${nested(998)}}`,
    'deeper.json': `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deeper"},\n"x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
  });
  try {
    const ok = await runCli(['apply', '-f', 'deep.json', '--dry-run=client', '-o', 'json'], { env: ws.env, cwd: ws.dir });
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal((JSON.parse(ok.stdout) as { metadata: { name: string } }).metadata.name, 'deep');
    const yaml = await runCli(['apply', '-f', 'deep.json', '--dry-run=client', '-o', 'yaml'], { env: ws.env, cwd: ws.dir });
    assert.equal(yaml.code, 0, yaml.stderr);
    const bad = await runCli(['apply', '-f', 'deeper.json'], { env: ws.env, cwd: ws.dir });
    assert.equal(bad.code, 1);
    assert.equal(bad.stderr, "error: deeper.json:2:1004: document 1: json: invalid character '[' exceeded max depth of 1000\n");
  } finally {
    await ws.close();
  }
});

test('invalid UTF-8 in a manifest is named with its file, line and column', async () => {
  const ws = await openWorkspace();
  try {
    await writeFile(join(ws.dir, 'bad.yaml'), Buffer.concat([Buffer.from(`${cm('u')}  x: "a`), Buffer.from([0xc3, 0x28]), Buffer.from('"\n')]));
    const r = await runCli(['apply', '-f', 'bad.yaml'], { env: ws.env, cwd: ws.dir });
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'error: bad.yaml:7:8: invalid UTF-8 (byte 0xc3): manifests must be UTF-8 text; binary data belongs base64-encoded in binaryData\n');
    assert.equal((await ws.api.get('/api/v1/namespaces/default/configmaps/u')).status, 404);
  } finally {
    await ws.close();
  }
});

test('apply with stderr on a terminal shows progress while reading files and applying, and stdout to a file stays clean', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 25; i++) files[`many/c${String(i).padStart(2, '0')}.yaml`] = cm(`p${i}`);
  const ws = await openWorkspace(files);
  try {
    const io = testIO({ env: ws.env, cwd: ws.dir });
    const stderr = new CapturedOutput(true, 80);
    io.stderr = stderr;
    const code = await run(['apply', '-f', 'many'], io);
    assert.equal(code, 0, stderr.text);
    assert.ok(stderr.text.startsWith('\r\x1b[Kreading 0/25 files...'), JSON.stringify(stderr.text.slice(0, 80)));
    assert.ok(stderr.text.includes('\r\x1b[Kreading 25/25 files...'));
    assert.ok(stderr.text.endsWith('\r\x1b[Kapplying 25/25 objects...\r\x1b[K'));
    assert.equal(io.stdout.text.split('\n').filter((l) => l.endsWith(' created')).length, 25);
    assert.ok(!io.stdout.text.includes('\r') && !io.stdout.text.includes('\x1b'));
  } finally {
    await ws.close();
  }
});
