/**
 * `client.health` against the local server: plain and verbose answers of `/readyz`, `/livez` and
 * `/healthz`, excluded and unknown checks, and a refused caller (401) as a StatusError.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type PlatformClient } from '../../../../src/sdk/client.js';
import { StatusError } from '../../../../src/sdk/errors.js';
import { parseHealthChecks } from '../../../../src/sdk/health/health-client.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { startTestServer, type TestServer } from '../../../support/server.js';

let server: TestServer;
let client: PlatformClient;
before(async () => {
  server = await startTestServer();
  client = createClient({ server: server.url, caData: server.caPem, bearerToken: server.adminToken, namespace: 'default' }, { env: {} });
});
after(async () => {
  await server.stop();
  await closeAllDispatchers();
});

test('plain answers pass with the text ok and no checks', async () => {
  for (const call of [client.health.readyz, client.health.livez, client.health.healthz]) {
    const r = await call();
    assert.deepEqual(r, { ok: true, status: 200, text: 'ok', checks: [] });
  }
});

test('verbose answers list every check; exclude leaves some out and names unknown ones', async () => {
  const live = await client.health.livez({ verbose: true });
  assert.equal(live.ok, true);
  assert.match(live.text, /\nlivez check passed\n$/);
  assert.deepEqual(live.checks.slice(0, 3).map((c) => [c.name, c.ok, c.excluded]), [['ping', true, false], ['log', true, false], ['etcd', true, false]]);
  const ready = await client.health.readyz({ verbose: true, exclude: ['etcd', 'nosuch'], signal: AbortSignal.timeout(10_000) });
  assert.equal(ready.ok, true);
  assert.deepEqual(ready.checks.find((c) => c.name === 'etcd'), { name: 'etcd', ok: true, excluded: true });
  assert.match(ready.text, /no matches for "nosuch"/);
  // verbose: undefined is the plain answer.
  assert.equal((await client.health.healthz({ verbose: undefined, exclude: undefined })).text, 'ok');
});

test('a caller the server does not know is refused with a StatusError', async () => {
  const stranger = createClient({ server: server.url, caData: server.caPem, bearerToken: 'not-a-token', namespace: 'default' }, { env: {} });
  await assert.rejects(stranger.health.readyz(), (e: unknown) => e instanceof StatusError && e.code === 401);
});

test('failed checks carry their reason', () => {
  const text = '[+]ping ok\n[-]etcd failed: reason withheld\n[+]log excluded: ok\nreadyz check failed\n';
  assert.deepEqual(parseHealthChecks(text), [
    { name: 'ping', ok: true, excluded: false },
    { name: 'etcd', ok: false, excluded: false, reason: 'reason withheld' },
    { name: 'log', ok: true, excluded: true },
  ]);
});
