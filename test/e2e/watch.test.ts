/**
 * `get --watch` and `watch` in-process against the local server, through a proxy that drops
 * connections, with a history short enough to expire: every change printed once, in order, and
 * Ctrl-C or --request-timeout end the command with exit code 0.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/cli/run.js';
import { createClient, type PlatformClient } from '../../src/sdk/client.js';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import type { ConfigMap } from '../../src/sdk/types/core.js';
import type { KubeObject } from '../../src/sdk/types/meta.js';
import { testIO } from '../support/cli.js';
import { startFlakyProxy, type FlakyProxy } from '../support/flaky-proxy.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

const cm = (name: string): ConfigMap => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { suite: 'w' } }, data: { v: '1' } });

async function until(what: string, check: () => boolean): Promise<void> {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Env {
  server: TestServer;
  proxy: FlakyProxy;
  api: PlatformClient;
  dir: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

async function open(options: Parameters<typeof startTestServer>[0] = {}): Promise<Env> {
  const server = await startTestServer({ now: () => Date.parse('2026-01-01T00:00:00Z'), ...options });
  const proxy = await startFlakyProxy(server.url);
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-watch-'));
  const config = await writeTestKubeconfig({ ...server, url: proxy.url }, join(dir, '.config'));
  const api = createClient({ server: server.url, caData: server.caPem, bearerToken: server.adminToken, namespace: 'default' }, { env: {} });
  return {
    server, proxy, api, dir, env: { PLATFORMCONFIG: config, HOME: join(dir, '.home') },
    async close() {
      await proxy.close();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the CLI in-process; its output can be read while it runs. */
function start(e: Env, argv: string[]): { io: ReturnType<typeof testIO>; stop(): Promise<number>; done: Promise<number> } {
  const controller = new AbortController();
  const io = testIO({ env: e.env, cwd: e.dir, home: e.env.HOME ?? e.dir, signal: controller.signal });
  const done = run(argv, io);
  return {
    io,
    done,
    async stop() {
      controller.abort();
      return done;
    },
  };
}

test.after(async () => {
  await closeAllDispatchers();
});

test('get -w prints the list, then each change once across dropped connections', async () => {
  const e = await open();
  try {
    const cms = e.api.configMaps('default');
    await cms.create(cm('a'));
    const cli = start(e, ['get', 'cm', '-l', 'suite=w', '-w']);
    await until('the list', () => cli.io.stdout.text.includes('a   '));
    await cms.create(cm('bb'));
    await until('bb', () => cli.io.stdout.text.includes('bb'));
    e.proxy.cut();
    await cms.patch('a', { data: { v: '1', w: '2' } });
    e.proxy.cut();
    await cms.delete('bb');
    await until('four rows', () => cli.io.stdout.text.split('\n').length === 6);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await cli.stop(), 0);
    assert.equal(cli.io.stdout.text, [
      'NAME   DATA   AGE',
      'a      1      0s',
      'bb     1      0s',
      'a      2      0s',
      'bb     1      0s',
      '',
    ].join('\n'));
    assert.equal(cli.io.stderr.text, '');
  } finally {
    await e.close();
  }
});

test('get -w --output-watch-events and --watch-only; the server ending watches is invisible', async () => {
  const e = await open();
  try {
    const cms = e.api.configMaps('default');
    await cms.create(cm('a'));
    const events = start(e, ['get', 'cm', '-l', 'suite=w', '-w', '--output-watch-events', '--watch-request-seconds=1']);
    const only = start(e, ['get', 'cm', '-l', 'suite=w', '--watch-only', '--watch-request-seconds=1']);
    await until('the list', () => events.io.stdout.text.includes('ADDED'));
    await new Promise((r) => setTimeout(r, 1300));
    await cms.create(cm('b'));
    await until('b', () => events.io.stdout.text.includes('b ') && only.io.stdout.text.includes('b '));
    await new Promise((r) => setTimeout(r, 1100));
    await cms.delete('a');
    await until('the deletion', () => events.io.stdout.text.includes('DELETED') && only.io.stdout.text.split('\n').length === 4);
    assert.equal(await events.stop(), 0);
    assert.equal(await only.stop(), 0);
    assert.equal(events.io.stdout.text, [
      'EVENT      NAME   DATA   AGE',
      'ADDED      a      1      0s',
      'ADDED      b      1      0s',
      'DELETED    a      1      0s',
      '',
    ].join('\n'));
    assert.equal(only.io.stdout.text, ['NAME   DATA   AGE', 'b      1      0s', 'a      1      0s', ''].join('\n'));
  } finally {
    await e.close();
  }
});

test('watch -o json after expired history: one JSON line per event, no duplicate ADDED, deletions reported', async () => {
  const e = await open({ historyMaxEvents: 3, historyWindowMs: 0 });
  try {
    const cms = e.api.configMaps('default');
    for (const n of ['a', 'b', 'c']) await cms.create(cm(n));
    const cli = start(e, ['watch', 'configmaps', '-l', 'suite=w', '-o', 'json']);
    await until('the list', () => cli.io.stdout.text.split('\n').length === 4);
    e.proxy.block();
    e.proxy.cut();
    await cms.delete('b');
    await cms.patch('c', { data: { v: '2' } });
    await cms.create(cm('d'));
    for (let i = 0; i < 5; i++) await cms.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `x${i}` } });
    e.proxy.unblock();
    await until('the changes', () => cli.io.stdout.text.split('\n').length === 7);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await cli.stop(), 0);
    const lines = cli.io.stdout.text.trimEnd().split('\n').map((l) => JSON.parse(l) as { type: string; object: KubeObject & { data?: { v?: string } } });
    assert.deepEqual(lines.map((l) => `${l.type} ${l.object.metadata?.name ?? ''}=${l.object.data?.v ?? ''}`), [
      'ADDED a=1', 'ADDED b=1', 'ADDED c=1', 'MODIFIED c=2', 'ADDED d=1', 'DELETED b=1',
    ]);
    assert.equal(lines[0]?.object.kind, 'ConfigMap');
  } finally {
    await e.close();
  }
});

test('watch -o yaml and -o name; --request-timeout ends the watch with exit code 0', async () => {
  const e = await open();
  try {
    await e.api.configMaps('default').create(cm('a'));
    const yaml = start(e, ['watch', 'cm', 'a', '-o', 'yaml', '--request-timeout=1s']);
    const name = start(e, ['watch', 'cm', '-l', 'suite=w', '-o', 'name', '--request-timeout=1s']);
    assert.equal(await yaml.done, 0);
    assert.equal(await name.done, 0);
    assert.match(yaml.io.stdout.text, /^object:\n {2}apiVersion: v1\n[\s\S]*\ntype: ADDED\n$/);
    assert.equal(name.io.stdout.text, 'configmap/a\n');
    const missing = start(e, ['watch', 'cm', 'nothing']);
    assert.equal(await missing.done, 1);
    assert.equal(missing.io.stderr.text, 'Error from server (NotFound): configmaps "nothing" not found\n');
    const two = start(e, ['get', 'cm,secrets', '-w']);
    assert.equal(await two.done, 1);
    assert.equal(two.io.stderr.text, 'error: watch is only supported on individual resources and resource collections, but 2 resources were found\n');
  } finally {
    await e.close();
  }
});
