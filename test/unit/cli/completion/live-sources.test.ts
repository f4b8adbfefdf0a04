/**
 * `__complete` with the real sources, in-process through run(): context, cluster and user names
 * from temporary config files (merged as kubectl merges them, `--kubeconfig` honoured), and the
 * server-backed cases falling back to nothing, quickly, when the server is down or silent.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../support/cli.js';

function configFile(dir: string, name: string, contexts: string[], server = 'https://127.0.0.1:1'): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    [
      'apiVersion: v1',
      'kind: Config',
      `current-context: ${contexts[0] ?? ''}`,
      'clusters:',
      `- name: cluster-${name}`,
      `  cluster: {server: "${server}", insecure-skip-tls-verify: true}`,
      'users:',
      `- name: user-${name}`,
      '  user: {token: secret-token}',
      'contexts:',
      ...contexts.flatMap((c) => [`- name: ${c}`, `  context: {cluster: cluster-${name}, user: user-${name}, namespace: team-a}`]),
      '',
    ].join('\n'),
  );
  return file;
}

async function values(words: string[], env: Record<string, string>, home: string): Promise<{ values: string[]; directive: string; stdout: string }> {
  const r = await runCli(['__complete', ...words], { env, home });
  assert.equal(r.code, 0);
  const lines = r.stdout.trimEnd().split('\n');
  const directive = lines.pop() ?? '';
  return { values: lines, directive, stdout: r.stdout };
}

test('--context, --cluster and --user complete from the merged config files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-complete-config-'));
  try {
    const a = configFile(dir, 'a', ['dev', 'prod']);
    const b = configFile(dir, 'b', ['staging', 'dev']);
    const env = { PLATFORMCONFIG: `${a}:${b}` };
    assert.deepEqual(await values(['--context', ''], env, dir), { values: ['dev', 'prod', 'staging'], directive: ':4', stdout: 'dev\nprod\nstaging\n:4\n' });
    assert.deepEqual((await values(['version', '--context=st'], env, dir)).values, ['staging']);
    assert.deepEqual((await values(['--cluster', ''], env, dir)).values, ['cluster-a', 'cluster-b']);
    assert.deepEqual((await values(['--user', 'user-'], env, dir)).values, ['user-a', 'user-b']);
    // --kubeconfig on the line wins over $PLATFORMCONFIG.
    assert.deepEqual((await values(['--kubeconfig', b, '--context', ''], env, dir)).values, ['dev', 'staging']);
    // The default file, ~/.platform/config, when nothing else is set.
    const home = mkdtempSync(join(tmpdir(), 'platformctl-complete-home-'));
    try {
      const platformDir = join(home, '.platform');
      rmSync(platformDir, { recursive: true, force: true });
      await import('node:fs').then((fs) => fs.mkdirSync(platformDir));
      configFile(platformDir, 'config', ['home-ctx']);
      assert.deepEqual((await values(['--context', ''], {}, home)).values, ['home-ctx']);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('no config, or a broken one: no names, no error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-complete-noconfig-'));
  try {
    assert.deepEqual((await values(['--context', ''], {}, dir)).values, []);
    const broken = join(dir, 'broken');
    writeFileSync(broken, 'contexts: [unclosed\n');
    const r = await values(['--context', ''], { PLATFORMCONFIG: broken }, dir);
    assert.deepEqual(r.values, []);
    assert.equal(r.directive, ':4');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('server down: no namespaces, resource types or names, exit 0, quickly', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-complete-offline-'));
  try {
    // Port 1 refuses connections at once.
    const env = { PLATFORMCONFIG: configFile(dir, 'config', ['dev']) };
    const started = Date.now();
    assert.deepEqual((await values(['-n', ''], env, dir)).values, []);
    assert.deepEqual((await values(['get', ''], env, dir)).values, []);
    assert.deepEqual((await values(['get', 'pods', ''], env, dir)).values, []);
    assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a server that never answers is abandoned at the deadline', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-complete-silent-'));
  // Accepts connections and never says a word.
  const sockets = new Set<Socket>();
  const silent: Server = createServer((s) => sockets.add(s));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const port = (silent.address() as { port: number }).port;
  try {
    const env = { PLATFORMCONFIG: configFile(dir, 'config', ['dev'], `https://127.0.0.1:${port}`) };
    const started = Date.now();
    const r = await values(['--request-timeout=300ms', '-n', ''], env, dir);
    const took = Date.now() - started;
    assert.deepEqual(r.values, []);
    assert.equal(r.directive, ':4');
    assert.ok(took >= 250 && took < 2500, `took ${took} ms`);
  } finally {
    for (const s of sockets) s.destroy();
    silent.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
