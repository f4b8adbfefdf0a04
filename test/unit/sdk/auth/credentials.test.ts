import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCredentialSource } from '../../../../src/sdk/auth/create-credential-source.js';
import { TokenFileSource } from '../../../../src/sdk/auth/token-file.js';
import { createClient } from '../../../../src/sdk/client.js';
import { ConfigError } from '../../../../src/sdk/errors.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { RecordingServer } from '../../../support/recording-server.js';
import { configFor, execFixture, tempDir } from '../transport/helpers.js';

test('bearer token and basic auth headers', async () => {
  const server = { url: 'https://127.0.0.1:1', caPem: '' };
  const token = await createCredentialSource({ server: server.url, namespace: 'default', bearerToken: 'abc' }).get();
  assert.equal(token.authorization, 'Bearer abc');
  const basic = await createCredentialSource({ server: server.url, namespace: 'default', username: 'admin', password: 'p@ss:word' }).get();
  assert.equal(basic.authorization, `Basic ${Buffer.from('admin:p@ss:word').toString('base64')}`);
  const none = await createCredentialSource({ server: server.url, namespace: 'default' }).get();
  assert.deepEqual(none, {});
});

test('a client certificate from the config rides along and disables the exec plugin', async () => {
  const creds = await createCredentialSource({
    server: 'https://x', namespace: 'default', certData: 'CERT', keyData: 'KEY',
    exec: { command: execFixture('crash-plugin.mjs'), apiVersion: 'client.authentication.platform.io/v1', interactiveMode: 'Never' },
  }).get();
  assert.deepEqual(creds, { clientCertificate: { certData: 'CERT', keyData: 'KEY' } });
});

test('a token file wins over a token, is re-read after its period and after a 401', async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const file = join(dir, 'token');
    await writeFile(file, 'first\n');
    let clock = 1_000_000;
    const source = new TokenFileSource(file, { now: () => clock });
    const first = await source.get();
    assert.equal(first.authorization, 'Bearer first');
    await writeFile(file, 'second');
    assert.equal((await source.get()).authorization, 'Bearer first', 'cached within the period');
    clock += 51_000;
    assert.equal((await source.get()).authorization, 'Bearer second', 're-read after the period');
    await writeFile(file, 'third');
    assert.equal(await source.refreshAfterUnauthorized(await source.get()), true);
    assert.equal((await source.get()).authorization, 'Bearer third');
    // Unchanged file after a 401: retrying cannot help.
    assert.equal(await source.refreshAfterUnauthorized(await source.get()), false);

    const viaConfig = createCredentialSource({ server: 'https://x', namespace: 'default', bearerToken: 'static', bearerTokenFile: file });
    assert.equal((await viaConfig.get()).authorization, 'Bearer third');
  } finally {
    await cleanup();
  }
});

test('a missing token file is a ConfigError naming the file', async () => {
  await assert.rejects(new TokenFileSource('/nonexistent/token').get(), (err: unknown) => err instanceof ConfigError && /\/nonexistent\/token/.test(err.message));
});

test('a rotated token file is picked up after a 401 and the request retried', async () => {
  const { dir, cleanup } = await tempDir();
  const server = await RecordingServer.start({
    responder: (req) => (req.headers.authorization === 'Bearer new' ? { body: { kind: 'Namespace', metadata: { name: 'default' } } } : { status: 401, body: { kind: 'Status', status: 'Failure', code: 401, reason: 'Unauthorized', message: 'Unauthorized' } }),
  });
  try {
    const file = join(dir, 'token');
    await writeFile(file, 'old');
    const client = createClient(configFor(server, { bearerTokenFile: file }), { env: {} });
    await client.namespaces().get('default').catch(() => undefined);
    await writeFile(file, 'new');
    const ns = await client.namespaces().get('default');
    assert.equal(ns.metadata?.name, 'default');
    assert.deepEqual(server.requests.map((r) => r.headers.authorization), ['Bearer old', 'Bearer old', 'Bearer new']);
  } finally {
    await server.close();
    await cleanup();
    await closeAllDispatchers();
  }
});
