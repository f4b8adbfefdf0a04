import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient } from '../../../../src/sdk/client.js';
import type { ExecConfig } from '../../../../src/sdk/config/client-config.js';
import { ExecPluginError, StatusError } from '../../../../src/sdk/errors.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { RecordingServer, selfSignedCertificate } from '../../../support/recording-server.js';
import { configFor, execFixture, pluginEnv, tempDir } from '../transport/helpers.js';

const V1 = 'client.authentication.platform.io/v1';

function tokenPlugin(env: Record<string, string>): ExecConfig {
  return {
    command: execFixture('token-plugin.mjs'),
    apiVersion: V1,
    interactiveMode: 'Never',
    env: Object.entries(env).map(([name, value]) => ({ name, value })),
  };
}

async function runCount(file: string): Promise<number> {
  try {
    return (await readFile(file, 'utf8')).split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

test('10 concurrent requests run the plugin once and all carry its token', async () => {
  const server = await RecordingServer.start();
  const { dir, cleanup } = await tempDir();
  try {
    const countFile = join(dir, 'count');
    const client = createClient(configFor(server, { exec: tokenPlugin({ PLUGIN_COUNT_FILE: countFile, PLUGIN_DELAY_MS: '150', PLUGIN_TOKEN: 'sf' }) }), { env: pluginEnv() });
    await Promise.all(Array.from({ length: 10 }, (_, i) => client.getRaw(`/api/v1/namespaces/default/configmaps/cm-${i}`)));
    assert.equal(await runCount(countFile), 1);
    assert.equal(server.requests.length, 10);
    for (const req of server.requests) assert.equal(req.headers.authorization, 'Bearer sf-1');
  } finally {
    await server.close();
    await cleanup();
    await closeAllDispatchers();
  }
});

test('a 401 re-runs the plugin once and retries the request once', async () => {
  const server = await RecordingServer.start({
    responder: (req) => (req.headers.authorization === 'Bearer rotate-2'
      ? { body: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'x' } } }
      : { status: 401, body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Unauthorized', message: 'Unauthorized', code: 401 } }),
  });
  const { dir, cleanup } = await tempDir();
  try {
    const countFile = join(dir, 'count');
    const client = createClient(configFor(server, { exec: tokenPlugin({ PLUGIN_COUNT_FILE: countFile, PLUGIN_TOKEN: 'rotate' }) }), { env: pluginEnv() });
    const cm = await client.configMaps().get('x');
    assert.equal(cm.metadata?.name, 'x');
    assert.equal(await runCount(countFile), 2);
    assert.deepEqual(server.requests.map((r) => r.headers.authorization), ['Bearer rotate-1', 'Bearer rotate-2']);
  } finally {
    await server.close();
    await cleanup();
    await closeAllDispatchers();
  }
});

test('a server that keeps answering 401 gets one retry, then the 401 is the error', async () => {
  const server = await RecordingServer.start({
    responder: () => ({ status: 401, body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Unauthorized', message: 'Unauthorized', code: 401 } }),
  });
  const { dir, cleanup } = await tempDir();
  try {
    const countFile = join(dir, 'count');
    const client = createClient(configFor(server, { exec: tokenPlugin({ PLUGIN_COUNT_FILE: countFile, PLUGIN_TOKEN: 'never' }) }), { env: pluginEnv() });
    await assert.rejects(client.configMaps().get('x'), (err: unknown) => err instanceof StatusError && err.code === 401 && err.reason === 'Unauthorized');
    assert.equal(await runCount(countFile), 2);
    assert.equal(server.requests.length, 2);
  } finally {
    await server.close();
    await cleanup();
    await closeAllDispatchers();
  }
});

test('a token from the config wins over the exec plugin', async () => {
  const server = await RecordingServer.start();
  const { dir, cleanup } = await tempDir();
  try {
    const countFile = join(dir, 'count');
    const client = createClient(configFor(server, { bearerToken: 'flag-token', exec: tokenPlugin({ PLUGIN_COUNT_FILE: countFile }) }), { env: pluginEnv() });
    await client.getRaw('/version');
    assert.equal(server.requests[0]?.headers.authorization, 'Bearer flag-token');
    assert.equal(await runCount(countFile), 0);
  } finally {
    await server.close();
    await cleanup();
    await closeAllDispatchers();
  }
});

test('a client certificate from the plugin is presented, and a rotated one opens a new connection', async () => {
  const server = await RecordingServer.start({ requestCert: true });
  const { dir, cleanup } = await tempDir();
  try {
    const first = await selfSignedCertificate('exec-user-one', [], [], false);
    const second = await selfSignedCertificate('exec-user-two', [], [], false);
    const certFile = join(dir, 'cert.pem');
    const keyFile = join(dir, 'key.pem');
    await writeFile(certFile, first.certPem);
    await writeFile(keyFile, first.keyPem);
    server.respond(async (req) => {
      if (req.clientCertCN !== 'exec-user-one') return { body: { kind: 'Status', apiVersion: 'v1', status: 'Success' } };
      // The server rejects the first certificate; the plugin will hand out the second one next.
      await writeFile(certFile, second.certPem);
      await writeFile(keyFile, second.keyPem);
      return { status: 401, body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Unauthorized', code: 401 } };
    });
    const client = createClient(configFor(server, { exec: tokenPlugin({ PLUGIN_CERT_FILE: certFile, PLUGIN_KEY_FILE: keyFile, PLUGIN_TOKEN: 'cert' }) }), { env: pluginEnv() });
    await client.getRaw('/version');
    assert.deepEqual(server.requests.map((r) => r.clientCertCN), ['exec-user-one', 'exec-user-two']);
    assert.equal(server.requests[0]?.headers.authorization, undefined);
  } finally {
    await server.close();
    await cleanup();
    await closeAllDispatchers();
  }
});

test('through a client, a hanging plugin is bounded by the request timeout and errors are ExecPluginErrors', async () => {
  const server = await RecordingServer.start();
  try {
    const client = createClient(configFor(server, {
      timeoutMs: 300,
      exec: { command: execFixture('hang-plugin.mjs'), apiVersion: V1, interactiveMode: 'Never', args: ['via-client'] },
    }), { env: pluginEnv() });
    const started = Date.now();
    await assert.rejects(client.getRaw('/version'), (err: unknown) => err instanceof ExecPluginError && /did not finish within 300ms/.test(err.message));
    assert.ok(Date.now() - started < 3000);
    assert.equal(server.requests.length, 0, 'no request without credentials');

    const missing = createClient(configFor(server, {
      exec: { command: 'platform-login-not-installed', apiVersion: V1, interactiveMode: 'Never', installHint: 'run: get-platform-login' },
    }), { env: pluginEnv() });
    await assert.rejects(missing.getRaw('/version'), (err: unknown) => err instanceof ExecPluginError && /executable platform-login-not-installed not found[\s\S]*run: get-platform-login/.test(err.message));
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});
