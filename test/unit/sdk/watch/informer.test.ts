/** The informer against the local server: initial sync, handlers, cache, and resync after 410. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../../../src/sdk/client.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import type { ConfigMap } from '../../../../src/sdk/types/core.js';
import { Informer } from '../../../../src/sdk/watch/informer.js';
import { startFlakyProxy } from '../../../support/flaky-proxy.js';
import { startTestServer } from '../../../support/server.js';

const cm = (name: string, value = '1'): ConfigMap => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { suite: 'informer' } }, data: { v: value } });

async function until(what: string, check: () => boolean): Promise<void> {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test.after(async () => {
  await closeAllDispatchers();
});

test('syncs, keeps its cache current and calls the handlers once per change, across a 410 resync', async () => {
  const server = await startTestServer({ historyMaxEvents: 3, historyWindowMs: 0 });
  const proxy = await startFlakyProxy(server.url);
  const direct = createClient({ server: server.url, caData: server.caPem, bearerToken: server.adminToken, namespace: 'default' }, { env: {} });
  const viaProxy = createClient({ server: proxy.url, caData: server.caPem, bearerToken: server.adminToken, namespace: 'default' }, { env: {} });
  const cms = direct.configMaps('default');
  const controller = new AbortController();
  try {
    await cms.create(cm('a'));
    await cms.create(cm('b'));
    const informer = new Informer(viaProxy.configMaps('default'), { labelSelector: 'suite=informer', retryDelayMs: 20, maxRetries: 100 });
    const calls: string[] = [];
    informer.addHandlers({
      onAdd: (o) => calls.push(`add ${o.metadata?.name ?? ''}`),
      onUpdate: (old, o) => calls.push(`update ${o.metadata?.name ?? ''} ${String((old as { data?: { v?: string } }).data?.v)}->${String((o as { data?: { v?: string } }).data?.v)}`),
      onDelete: (o) => calls.push(`delete ${o.metadata?.name ?? ''}`),
    });
    assert.equal(informer.hasSynced(), false);
    const running = informer.run(controller.signal);
    await informer.waitForSync();
    assert.equal(informer.hasSynced(), true);
    assert.deepEqual(informer.list().map((o) => o.metadata?.name).sort(), ['a', 'b']);

    await cms.patch('a', { data: { v: '2' } });
    await until('the update', () => calls.length === 3);
    // Expire the history while the informer is cut off.
    proxy.block();
    proxy.cut();
    await cms.delete('b');
    await cms.create(cm('c'));
    for (let i = 0; i < 5; i++) await cms.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `x${i}` } });
    proxy.unblock();
    await until('the resync', () => calls.length === 5);
    assert.deepEqual(calls, ['add a', 'add b', 'update a 1->2', 'add c', 'delete b']);
    assert.equal((informer.get('default', 'a') as { data?: { v?: string } } | undefined)?.data?.v, '2');
    assert.equal(informer.get('default', 'b'), undefined);
    controller.abort();
    await running;
  } finally {
    controller.abort();
    await proxy.close();
    await server.stop();
  }
});
