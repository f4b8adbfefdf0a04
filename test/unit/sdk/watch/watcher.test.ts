/**
 * The resumable watch against the local server: through a proxy that drops connections, with
 * server-side timeouts, and with a history short enough to expire (410 Gone). No event may be
 * lost and none delivered twice.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type PlatformClient } from '../../../../src/sdk/client.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import type { KubeObject } from '../../../../src/sdk/types/meta.js';
import type { ConfigMap } from '../../../../src/sdk/types/core.js';
import type { WatchEvent } from '../../../../src/sdk/types/watch.js';
import { watch, type ResumeInfo } from '../../../../src/sdk/watch/watcher.js';
import { startFlakyProxy, type FlakyProxy } from '../../../support/flaky-proxy.js';
import { startTestServer, type TestServer } from '../../../support/server.js';

const LABEL = 'suite=watch';

function clientFor(server: TestServer, url = server.url): PlatformClient {
  return createClient({ server: url, caData: server.caPem, bearerToken: server.adminToken, namespace: 'default' }, { env: {} });
}

const cm = (name: string, value = '1'): ConfigMap => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { suite: 'watch' } }, data: { v: value } });

/** Events as `TYPE name=value` lines. */
function lines(events: readonly WatchEvent<ConfigMap>[]): string[] {
  return events.map((e) => {
    const o = e.object as KubeObject & { data?: { v?: string } };
    return `${e.type} ${o.metadata?.name ?? '?'}=${o.data?.v ?? ''}`;
  });
}

async function until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Harness {
  server: TestServer;
  proxy: FlakyProxy;
  direct: PlatformClient;
  watched: PlatformClient;
  events: WatchEvent<ConfigMap>[];
  resumes: ResumeInfo[];
  done: Promise<void>;
  stop(): Promise<void>;
}

/** `function`: the `watch()` export; `method`: a resource client's `.watch()`, which resumes by default. */
type Via = 'function' | 'method';

async function harness(serverOptions: Parameters<typeof startTestServer>[0], watchOptions: { timeoutSeconds?: number } = {}, before?: (direct: PlatformClient) => Promise<void>, via: Via = 'function'): Promise<Harness> {
  const server = await startTestServer(serverOptions);
  const proxy = await startFlakyProxy(server.url);
  const direct = clientFor(server);
  const watched = clientFor(server, proxy.url);
  await before?.(direct);
  const controller = new AbortController();
  const events: WatchEvent<ConfigMap>[] = [];
  const resumes: ResumeInfo[] = [];
  const done = (async () => {
    const options = { labelSelector: LABEL, signal: controller.signal, retryDelayMs: 20, maxRetries: 100, onResume: (r: ResumeInfo) => resumes.push(r), ...watchOptions };
    const cms = watched.configMaps('default');
    for await (const e of via === 'function' ? watch(cms, options) : cms.watch(options)) events.push(e);
  })();
  return {
    server, proxy, direct, watched, events, resumes, done,
    async stop() {
      controller.abort();
      await done;
      await proxy.close();
      await server.stop();
    },
  };
}

test.after(async () => {
  await closeAllDispatchers();
});

for (const via of ['function', 'method'] as const) {
test(`lists first, then resumes after dropped connections without losing or repeating events (${via})`, async () => {
  const h = await harness({}, {}, async (d) => {
    await d.configMaps('default').create(cm('a'));
  }, via);
  try {
    const cms = h.direct.configMaps('default');
    await until('the initial list', () => h.events.length === 1);
    await cms.create(cm('b'));
    await until('b', () => h.events.length === 2);
    h.proxy.cut();
    await cms.create(cm('c'));
    await cms.patch('a', { data: { v: '2' } });
    h.proxy.cut();
    await cms.delete('b');
    await until('all events', () => h.events.length === 5);
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(lines(h.events), ['ADDED a=1', 'ADDED b=1', 'ADDED c=1', 'MODIFIED a=2', 'DELETED b=1']);
    assert.ok(h.proxy.connections >= 2, 'the watch reconnected');
    assert.ok(h.resumes.some((r) => r.reason !== 'expired'));
  } finally {
    await h.stop();
  }
});
}

test('resumes after the server ends each watch (timeoutSeconds)', async () => {
  const h = await harness({}, { timeoutSeconds: 1 });
  try {
    const cms = h.direct.configMaps('default');
    for (let i = 0; i < 4; i++) {
      await cms.create(cm(`t${i}`));
      await new Promise((r) => setTimeout(r, 600));
    }
    await until('four events', () => h.events.length === 4);
    assert.deepEqual(lines(h.events), ['ADDED t0=1', 'ADDED t1=1', 'ADDED t2=1', 'ADDED t3=1']);
    assert.ok(h.resumes.some((r) => r.reason === 'ended'), 'the server ended at least one watch');
  } finally {
    await h.stop();
  }
});

for (const via of ['function', 'method'] as const) {
test(`after 410 Gone lists again and emits only the changes (${via})`, async () => {
  const h = await harness({ historyMaxEvents: 3, historyWindowMs: 0 }, {}, async (d) => {
    for (const n of ['a', 'b', 'c']) await d.configMaps('default').create(cm(n));
  }, via);
  try {
    const cms = h.direct.configMaps('default');
    await until('the initial list', () => h.events.length === 3);
    h.proxy.block();
    h.proxy.cut();
    await cms.delete('b');
    await cms.patch('c', { data: { v: '2' } });
    await cms.create(cm('d'));
    // Churn that pushes the watch's resource version out of the short history.
    for (let i = 0; i < 6; i++) {
      await h.direct.configMaps('default').create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `other-${i}` } });
    }
    h.proxy.unblock();
    await until('the relist', () => h.resumes.some((r) => r.reason === 'expired'));
    await until('the changes', () => h.events.length === 6);
    await cms.patch('a', { data: { v: '3' } });
    await until('a change after the relist', () => h.events.length === 7);
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(lines(h.events), ['ADDED a=1', 'ADDED b=1', 'ADDED c=1', 'MODIFIED c=2', 'ADDED d=1', 'DELETED b=1', 'MODIFIED a=3']);
  } finally {
    await h.stop();
  }
});
}

test('.watch({ resume: false }) is one plain request: a dropped connection ends it', async () => {
  const server = await startTestServer();
  const proxy = await startFlakyProxy(server.url);
  try {
    const direct = clientFor(server);
    await direct.configMaps('default').create(cm('p'));
    const events: WatchEvent<ConfigMap>[] = [];
    const done = (async () => {
      try {
        for await (const e of clientFor(server, proxy.url).configMaps('default').watch({ labelSelector: LABEL, resume: false, signal: AbortSignal.timeout(10_000) })) {
          events.push(e);
          proxy.cut();
        }
      } catch {
        // A cut connection may also end the plain watch with a transport error.
      }
    })();
    await done;
    assert.deepEqual(lines(events), ['ADDED p=1']);
    assert.equal(proxy.connections, 1, 'no reconnect');
  } finally {
    await proxy.close();
    await server.stop();
  }
});

test('.watch() passes plain-watch-only options on only with resume: false', async () => {
  const server = await startTestServer();
  try {
    const cms = clientFor(server).configMaps('default');
    assert.throws(() => cms.watch({ sendInitialEvents: true }), (err: Error) => err.name === 'InputError' && /resume: false/.test(err.message));
    // A request timeout bounds a resuming watch as a whole, which then ends quietly.
    const started = Date.now();
    for await (const _ of cms.watch({ labelSelector: LABEL, timeoutMs: 300 })) assert.fail('no events expected');
    assert.ok(Date.now() - started < 5_000);
  } finally {
    await server.stop();
  }
});

test('an error status other than 410 ends the watch with that error', async () => {
  const server = await startTestServer();
  try {
    const client = clientFor(server);
    const missing = client.resource({ group: 'example.com', version: 'v1', resource: 'nothings', namespaced: true, kind: 'Nothing' }, 'default');
    await assert.rejects(async () => {
      for await (const _ of watch(missing, { retryDelayMs: 10 })) assert.fail('no events expected');
    }, (err: Error) => err.name === 'StatusError' && /could not find/.test(err.message));
  } finally {
    await server.stop();
  }
});

test('aborting the signal ends the watch cleanly', async () => {
  const server = await startTestServer();
  try {
    const controller = new AbortController();
    const events: WatchEvent<ConfigMap>[] = [];
    const done = (async () => {
      for await (const e of watch(clientFor(server).configMaps('default'), { labelSelector: LABEL, signal: controller.signal })) events.push(e);
    })();
    await new Promise((r) => setTimeout(r, 200));
    controller.abort();
    await done;
    assert.deepEqual(events, []);
  } finally {
    await server.stop();
  }
});
