/**
 * Namespaces, resource types and object names completed from the local API server
 * (test/support/server.ts), through the real sources and a config file written for the server:
 * `-n <TAB>`, `get <TAB>`, `get TYPE <TAB>`, `get TYPE/<TAB>`, for the verbs that complete names.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { complete } from '../../../../src/cli/completion/engine.js';
import { liveSources } from '../../../../src/cli/completion/live-sources.js';
import type { CommandTable } from '../../../../src/cli/completion/command-line.js';
import type { CommandSpec } from '../../../../src/cli/framework/spec.js';
import { createClient } from '../../../../src/sdk/client.js';
import { ROOT_CA_CONFIGMAP } from '../../../../src/sdk/naming.js';
import { testIO } from '../../../support/cli.js';
import { startTestServer, writeTestKubeconfig } from '../../../support/server.js';

/** The verbs kubectl completes object names for; each with a TYPE [NAME...] argument. */
const VERBS = ['get', 'describe', 'delete', 'edit', 'label', 'annotate', 'patch', 'wait'];
const noop = async (): Promise<void> => undefined;
const table: CommandSpec[] = VERBS.map((name) => ({
  name, usage: '', summary: name, description: name, examples: [], flags: [], args: 'resource-type-then-names', load: async () => noop,
}));
const commands: CommandTable = { find: async (n) => table.find((c) => c.name === n), all: async () => table };

test('namespaces, resource types and names from the local server', async () => {
  const server = await startTestServer();
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-complete-server-'));
  try {
    const config = await writeTestKubeconfig(server, dir);
    const client = createClient({ server: server.url, caData: server.caPem, bearerToken: server.adminToken, namespace: 'default' }, { env: {} });
    await client.namespaces().create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } });
    const objects = [['default', 'web-config'], ['default', 'web-extra'], ['default', 'db-config'], ['team-a', 'team-only']] as const;
    for (const [ns, name] of objects) {
      await client.configMaps(ns).create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: ns }, data: { a: '1' } });
    }
    const io = testIO({ env: { PLATFORMCONFIG: config }, home: dir });
    // The server may add its own config maps (the root CA bundle) to every namespace.
    const ask = async (words: string[]) =>
      (await complete(words, { sources: liveSources(io), commands })).candidates.map((c) => c.value).filter((v) => !v.includes(ROOT_CA_CONFIGMAP));

    const namespaces = await ask(['get', '-n', '']);
    assert.ok(namespaces.includes('default') && namespaces.includes('team-a'), namespaces.join());
    assert.deepEqual(await ask(['get', '--namespace=team']), ['team-a']);

    const types = await ask(['get', '']);
    for (const t of ['configmaps', 'namespaces', 'secrets']) assert.ok(types.includes(t), `${t} in ${types.join()}`);
    assert.ok(types.some((t) => t.endsWith('.apps')), 'group-qualified types');
    assert.deepEqual(await ask(['get', 'configm']), ['configmaps']);

    for (const verb of VERBS) {
      assert.deepEqual(await ask([verb, 'configmaps', 'web']), ['web-config', 'web-extra'], verb);
    }
    assert.deepEqual(await ask(['get', 'cm', 'web-config', '']), ['db-config', 'web-extra']);
    assert.deepEqual(await ask(['get', 'configmap/web']), ['configmap/web-config', 'configmap/web-extra']);
    assert.deepEqual(await ask(['get', '-n', 'team-a', 'configmaps', '']), ['team-only']);
    const nsNames = await ask(['describe', 'namespaces', 'team']);
    assert.deepEqual(nsNames, ['team-a']);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
