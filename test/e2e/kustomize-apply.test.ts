/**
 * `-k` against the local server: several kustomization trees applied, read back with `get -k`,
 * compared with `diff -k`, relabelled, waited for and deleted with `delete -k`; the flag's
 * conflicts with `-f` and `-R`; a kustomization file inside a `-f` directory failing alone; and
 * `-f` glob patterns.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildKustomization } from '../../src/sdk/kustomize/index.js';
import { runCli, type CliResult } from '../support/cli.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';
import { REPO_ROOT } from './writes-golden.js';

const FIXTURES = join(REPO_ROOT, 'test/fixtures/kustomize');

/** Trees applied whole (every object of them is valid on the local server). */
const TREES: ReadonlyArray<{ tree: string; namespace?: string }> = [
  { tree: 'base-overlay', namespace: 'production' },
  { tree: 'components' },
  { tree: 'hash-fixup' },
  { tree: 'generator-behavior' },
  { tree: 'configmap-generator' },
  { tree: 'secret-generator' },
  { tree: 'patches-strategic' },
  { tree: 'labels' },
];

describe('-k against the local server', () => {
  let server: TestServer;
  let home: string;
  let env: Record<string, string>;
  const cli = (...args: string[]): Promise<CliResult> => runCli(args, { env, home, cwd: FIXTURES });

  before(async () => {
    server = await startTestServer();
    home = await mkdtemp(join(tmpdir(), 'platformctl-kustomize-apply-'));
    env = { PLATFORMCONFIG: await writeTestKubeconfig(server, join(home, '.platform')), HOME: home };
    for (const ns of ['production']) assert.equal((await cli('create', 'namespace', ns)).code, 0);
  });

  after(async () => {
    await server.stop();
    await rm(home, { recursive: true, force: true });
  });

  for (const { tree, namespace } of TREES) {
    test(`apply -k ${tree}, then get, diff and delete it with -k`, async () => {
      const { objects } = await buildKustomization(join(FIXTURES, tree));
      const applied = await cli('apply', '-k', tree);
      assert.equal(applied.code, 0, applied.stderr);
      const lines = applied.stdout.trimEnd().split('\n');
      assert.equal(lines.length, objects.length, applied.stdout);
      assert.ok(lines.every((l) => l.endsWith(' created')), applied.stdout);
      assert.ok(lines.some((l) => l.includes(`/${objects[0]?.metadata?.name ?? ''} `)), applied.stdout);

      const got = await cli('get', '-k', tree, '-o', 'name');
      assert.equal(got.code, 0, got.stderr);
      assert.equal(got.stdout.trimEnd().split('\n').length, objects.length);
      if (namespace !== undefined) {
        const inNamespace = await cli('get', 'all', '-n', namespace, '-o', 'name');
        assert.ok(inNamespace.stdout.includes('deployment.apps/prod-web-v2'), inNamespace.stdout);
      }

      const diff = await cli('diff', '-k', tree);
      assert.equal(diff.code, 0, diff.stdout + diff.stderr);
      // Re-applying creates nothing. (Long base64 values, which kustomize wraps at 70 columns, come
      // back from the server unwrapped, so their objects show as configured, as with kubectl.)
      const again = await cli('apply', '-k', tree);
      assert.equal(again.code, 0, again.stderr);
      assert.ok(again.stdout.trimEnd().split('\n').every((l) => / (unchanged|configured)$/.test(l)), again.stdout);

      const deleted = await cli('delete', '-k', tree, '--wait=false');
      assert.equal(deleted.code, 0, deleted.stderr);
      assert.equal(deleted.stdout.trimEnd().split('\n').length, objects.length);
    });
  }

  test('a var that puts a number where a string belongs is refused as a real server refuses it', async () => {
    // kustomize substitutes the port (a number) for the whole env value; the typed decoding of the
    // server, like a real one's, cannot store a number in a string field.
    const applied = await cli('apply', '-k', 'vars');
    assert.equal(applied.code, 1, applied.stdout);
    assert.match(applied.stderr, /cannot unmarshal number into Go struct field EnvVar\.spec\.template\.spec\.containers\.env\.value of type string/);
  });

  test('generated names carry the content hash, and references follow them', async () => {
    assert.equal((await cli('apply', '-k', 'hash-fixup')).code, 0);
    const pod = await cli('get', 'pod', 'app-debug', '-o', 'jsonpath={.spec.containers[0].env[0].valueFrom.configMapKeyRef.name} {.spec.imagePullSecrets[0].name}');
    assert.match(pod.stdout, /^app-config-[bcdfghjklmnpqrstvwxz2456789]{10} app-registry-[bcdfghjklmnpqrstvwxz2456789]{10}$/);
    const [cmName] = pod.stdout.split(' ');
    assert.equal((await cli('get', 'configmap', cmName ?? '')).code, 0);
    assert.equal((await cli('delete', '-k', 'hash-fixup', '--wait=false')).code, 0);
  });

  test('label, annotate, describe and wait take -k too', async () => {
    assert.equal((await cli('apply', '-k', 'labels')).code, 0);
    const labelled = await cli('label', '-k', 'labels', 'checked=yes');
    assert.equal(labelled.code, 0, labelled.stderr);
    assert.match(labelled.stdout, /deployment\.apps\/shop labeled/);
    const annotated = await cli('annotate', '-k', 'labels', 'note=x');
    assert.equal(annotated.code, 0, annotated.stderr);
    const described = await cli('describe', '-k', 'labels');
    assert.equal(described.code, 0, described.stderr);
    assert.match(described.stdout, /^Name:\s+shop$/m);
    const waited = await cli('wait', '-k', 'labels', '--for=jsonpath={.metadata.labels.checked}=yes', '--timeout=10s');
    assert.equal(waited.code, 0, waited.stderr);
    assert.equal((await cli('delete', '-k', 'labels', '--wait=false')).code, 0);
  });

  test("-k can't be used with -f or -R; building errors are one line", async () => {
    assert.deepEqual(await cli('apply', '-k', 'labels', '-f', 'x.yaml'), { code: 1, stdout: '', stderr: 'error: only one of -f or -k can be specified\n' });
    assert.deepEqual(await cli('apply', '-k', 'labels', '-R'), { code: 1, stdout: '', stderr: "error: the -k flag can't be used with -f or -R\n" });
    const broken = await cli('apply', '-k', 'error-unknown-field');
    assert.equal(broken.code, 1);
    assert.match(broken.stderr, /^error: .*kustomization.yaml: invalid Kustomization: json: unknown field "namePrefx"\n$/);
    assert.deepEqual(await cli('create'), { code: 1, stdout: '', stderr: "error: must specify one of -f and -k\nSee 'platformctl create --help' for usage.\n" });
  });

  test('a kustomization file in a -f directory fails alone; -f takes glob patterns', async () => {
    const dir = join(home, 'plain');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'kustomization.yaml'), 'resources:\n- a.yaml\n');
    await writeFile(join(dir, 'a.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain-a\n');
    await writeFile(join(dir, 'z.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain-z\n');
    const applied = await runCli(['apply', '-f', dir], { env, home, cwd: home });
    assert.equal(applied.code, 1);
    assert.equal(applied.stdout, 'configmap/plain-a created\nconfigmap/plain-z created\n');
    assert.equal(applied.stderr, `error: unable to decode "${dir}/kustomization.yaml": Object 'Kind' is missing in '{"resources":["a.yaml"]}'\n`);
    const globbed = await runCli(['get', '-f', 'plain/[a-m].yaml', '-o', 'name'], { env, home, cwd: home });
    assert.deepEqual(globbed, { code: 0, stdout: 'configmap/plain-a\n', stderr: '' });
    const none = await runCli(['get', '-f', 'plain/*.json'], { env, home, cwd: home });
    assert.deepEqual(none, { code: 1, stdout: '', stderr: 'error: the path "plain/*.json" does not exist\n' });
  });
});
