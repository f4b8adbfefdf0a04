/**
 * Where kubectl's own suite (platformctl in kubectl's place) found platformctl otherwise than
 * kubectl 1.32 and a transcript cannot show it: commands that waited forever where kubectl ends
 * (`events --watch` and `get --watch` at --request-timeout, the latter logging at -v=5 what
 * client-go logs; `drain --skip-wait-for-delete-timeout` with a pod that stays Terminating),
 * `logs TYPE/NAME` saying which of several pods it reads, and an interactive exec credential plugin
 * refused while stdin holds the manifests or the variables.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import { ApiClient } from '../support/api.js';
import { runCli, type RunCliOptions } from '../support/cli.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

describe('kubectl parity beyond transcripts', () => {
  let server: TestServer;
  let api: ApiClient;
  let dir: string;
  let env: Record<string, string>;
  const cli = (args: string[], options: RunCliOptions = {}): ReturnType<typeof runCli> => runCli(args, { env, cwd: dir, home: join(dir, 'home'), ...options });

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    dir = await mkdtemp(join(tmpdir(), 'platformctl-parity-waits-'));
    env = { PLATFORMCONFIG: await writeTestKubeconfig(server, join(dir, '.config')), HOME: join(dir, 'home') };
    const pod = (name: string, labels: Record<string, string>): Record<string, unknown> => ({
      apiVersion: 'v1', kind: 'Pod', metadata: { name, labels }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'test-image' }] },
    });
    assert.equal((await api.post('/api/v1/nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } })).status, 201);
    for (const p of [pod('test-pod-1', { e: 'f', type: 'test-pod' }), pod('test-pod-2', { type: 'test-pod' })]) {
      assert.equal((await api.post('/api/v1/namespaces/default/pods', p)).status, 201);
    }
  });
  after(async () => {
    api.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
    await closeAllDispatchers();
  });

  test('events --watch ends at --request-timeout, as get --watch does', { timeout: 20_000 }, async () => {
    const started = Date.now();
    const r = await cli(['events', '--watch', '--request-timeout=1']);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(Date.now() - started < 10_000, 'the watch ended at its deadline');
  });

  test('get --watch --request-timeout -v=5 logs why the watch ended, as client-go does', { timeout: 20_000 }, async () => {
    const r = await cli(['get', 'pod', 'test-pod-2', '--watch', '--request-timeout=1', '-v=5']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^NAME +READY +STATUS/);
    assert.match(r.stderr, /Unable to decode an event from the watch stream: net\/http: request canceled \(Client\.Timeout or context cancellation while reading body\)\n$/);
    const quiet = await cli(['get', 'pod', 'test-pod-2', '--watch', '--request-timeout=1']);
    assert.equal(quiet.stderr, '');
  });

  test('logs TYPE/NAME of several pods says which one it reads', { timeout: 20_000 }, async () => {
    assert.equal((await api.post('/api/v1/namespaces/default/services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'pods' }, spec: { selector: { type: 'test-pod' }, ports: [{ port: 80 }] } })).status, 201);
    const r = await cli(['logs', 'service/pods']);
    assert.match(r.stderr, /^Found 2 pods, using pod\/test-pod-[12]\n/);
  });

  test('an interactive exec plugin is not run while stdin holds the manifests or the variables', { timeout: 20_000 }, async () => {
    const write = async (name: string, mode: string): Promise<string> => {
      const config = join(dir, name);
      await writeFile(config, [
      'apiVersion: v1', 'kind: Config', 'current-context: test',
      'clusters:', '- name: test', '  cluster:', `    server: ${server.url}`, `    certificate-authority-data: ${Buffer.from(server.caPem).toString('base64')}`,
      'contexts:', '- name: test', '  context: {cluster: test, user: u}',
      'users:', '- name: u', '  user:', '    exec:', '      apiVersion: client.authentication.platform.io/v1', '      command: echo',
      `      args: ['{"apiVersion":"client.authentication.platform.io/v1","status":{"token":"${server.adminToken}"}}']`,
      `      interactiveMode: ${mode}`, '',
      ].join('\n'), { mode: 0o600 });
      return config;
    };
    const options: RunCliOptions = { env: { ...env, PLATFORMCONFIG: await write('always-config', 'Always') }, stdinIsTTY: true };
    const manifest = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"some-resource"}}';
    for (const args of [['apply', '-f', '-'], ['replace', '-f', '-', '--force']]) {
      const r = await cli(args, { ...options, stdin: manifest });
      assert.equal(r.code, 1, args.join(' '));
      assert.match(r.stderr, /exec plugin cannot support interactive mode: standard input is unavailable: used by stdin resource manifest reader/, args.join(' '));
    }
    const env2 = await cli(['set', 'env', 'deployment/some-deployment', '-'], { ...options, stdin: 'SOME_ENV_VAR_KEY=SOME_ENV_VAR_VAL\n' });
    assert.match(env2.stderr, /used by stdin resource manifest reader/);
    // A plugin that may run runs; its answer needs no kind (client-go decodes into an ExecCredential).
    // (Another config: the credentials of one plugin are shared in a process, as in client-go.)
    const ok = await cli(['get', 'namespace', 'default', '-o', 'name'], { env: { ...env, PLATFORMCONFIG: await write('if-available-config', 'IfAvailable') } });
    assert.deepEqual([ok.code, ok.stdout], [0, 'namespace/default\n'], ok.stderr);
  });

  test('delete of several types deletes one type after the other, in the order given', { timeout: 20_000 }, async () => {
    const names = Array.from({ length: 16 }, (_, i) => `order-${i}`);
    for (const name of names) {
      assert.equal((await api.post('/api/v1/namespaces/default/secrets', { apiVersion: 'v1', kind: 'Secret', metadata: { name, labels: { order: 'x' } } })).status, 201);
    }
    assert.equal((await api.post('/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'order-0', labels: { order: 'x' } } })).status, 201);
    // kubectl's visitor order: a Deployment's ReplicaSet goes before its pods, or it replaces them.
    const r = await cli(['delete', 'secrets,configmaps', '-l', 'order=x', '-v=6']);
    assert.equal(r.code, 0, r.stderr);
    const deletes = r.stderr.split('\n').filter((l) => l.startsWith('DELETE '));
    const lastSecret = deletes.map((l) => l.includes('/secrets/')).lastIndexOf(true);
    const firstConfigMap = deletes.findIndex((l) => l.includes('/configmaps/'));
    assert.equal(deletes.length, 17, r.stderr);
    assert.ok(lastSecret < firstConfigMap, deletes.join('\n'));
  });

  test('drain lists the selected nodes and their pods in chunks of --chunk-size', { timeout: 20_000 }, async () => {
    assert.equal((await api.post('/api/v1/nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n2', labels: { test: 'label' } } })).status, 201);
    const r = await cli(['drain', '--force', '--selector', 'test=label', '--chunk-size=1', '--dry-run=client', '-v=6']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /\/api\/v1\/nodes\?labelSelector=test%3Dlabel&limit=1 200 OK/);
    const defaults = await cli(['drain', '--force', '--selector', 'test=label', '--dry-run=client', '-v=6']);
    assert.match(defaults.stderr, /\/api\/v1\/nodes\?labelSelector=test%3Dlabel&limit=500 200 OK/);
  });

  test('drain --skip-wait-for-delete-timeout stops waiting for a pod that stays Terminating', { timeout: 60_000 }, async () => {
    // No node agent runs n1's pods, so the evicted pod keeps its deletionTimestamp (now + its 30s
    // grace period); the CLI's clock a minute ahead finds it older than the timeout at once.
    const r = await cli(['drain', 'n1', '--force', '--pod-selector', 'e in (f)', '--skip-wait-for-delete-timeout=1'], { now: new Date(Date.now() + 60_000) });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, [
      'node/n1 cordoned',
      'evicting pod default/test-pod-1',
      'pod "test-pod-1" has DeletionTimestamp older than 1 seconds, skipping',
      'node/n1 drained',
      '',
    ].join('\n'));
    const other = await api.get('/api/v1/namespaces/default/pods/test-pod-2');
    assert.equal((other.body as { metadata?: { deletionTimestamp?: string } }).metadata?.deletionTimestamp, undefined, 'only the selected pod was evicted');
  });
});
