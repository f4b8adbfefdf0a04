/**
 * `platformctl kustomize` on every tree under test/fixtures/kustomize, compared with
 * `kubectl kustomize` (kustomize v5.5.0) byte for byte, and with the golden outputs under
 * test/golden/kustomize (kubectl's output, renamed), which also hold when kubectl is absent.
 *
 * How the comparison works: the fixtures speak this API's names (`rbac.authorization.platform.io`,
 * `kustomize.config.platform.io/v1beta1`, `config.platform.io/local-config`, `x-platform-...`).
 * Each tree is copied to a temporary directory with every text file renamed to kubectl's names
 * by the shared rename proxy's `toK8s`; kubectl builds the copy, and its output, renamed back with
 * `toPlatform`, must equal ours exactly. Content that the name hash covers (ConfigMap and Secret
 * data, a Secret's type) would hash differently after renaming, so the fixtures keep renamed words
 * out of generated data. Trees with a `fixture.json` say which directory to build, which flags to
 * pass, or (for the error cases) that both must fail and which words our message must contain.
 *
 * UPDATE_GOLDEN=1 rewrites the golden files from kubectl's output (kubectl must be on PATH).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../support/cli.js';
import { RENAME_PROXY } from '../support/kubectl-proxy.js';
import { REPO_ROOT } from './writes-golden.js';

const FIXTURES = join(REPO_ROOT, 'test/fixtures/kustomize');
const GOLDEN = join(REPO_ROOT, 'test/golden/kustomize');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

interface FixtureMeta {
  /** Directory inside the tree to build (default the tree itself). */
  dir?: string;
  /** Extra flags for both commands. */
  args?: string[];
  /** Both must fail; our message must contain this. */
  error?: string;
}

function kubectlSkip(): string | undefined {
  if (spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status !== 0) return 'kubectl is not on PATH';
  if (!existsSync(RENAME_PROXY)) return `the rename proxy ${RENAME_PROXY} (its toK8s/toPlatform naming) is not available`;
  return undefined;
}

const fixtures = (await readdir(FIXTURES, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();

async function metaOf(name: string): Promise<FixtureMeta> {
  const file = join(FIXTURES, name, 'fixture.json');
  return existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as FixtureMeta) : {};
}

async function ours(name: string, meta: FixtureMeta): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCli(['kustomize', join(FIXTURES, name, meta.dir ?? '.'), ...(meta.args ?? [])], { cwd: FIXTURES });
}

/** Copies a tree, renaming the text of every file that is text. */
async function copyRenamed(from: string, to: string, rename: (s: string) => string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      await copyRenamed(source, target, rename);
      continue;
    }
    const bytes = await readFile(source);
    const text = bytes.toString('utf8');
    if (Buffer.from(text, 'utf8').equals(bytes)) await writeFile(target, rename(text));
    else await cp(source, target);
  }
}

test('there are at least 25 kustomization trees, and every one has a golden output or an expected error', async () => {
  assert.ok(fixtures.length >= 25, `${fixtures.length} fixtures`);
  for (const name of fixtures) {
    const meta = await metaOf(name);
    if (meta.error !== undefined || UPDATE) continue;
    assert.ok(existsSync(join(GOLDEN, `${name}.yaml`)), `test/golden/kustomize/${name}.yaml`);
  }
});

describe('platformctl kustomize against the golden outputs', () => {
  for (const name of fixtures) {
    test(name, async () => {
      const meta = await metaOf(name);
      const r = await ours(name, meta);
      if (meta.error !== undefined) {
        assert.equal(r.code, 1, r.stdout);
        assert.equal(r.stdout, '');
        assert.ok(r.stderr.includes(meta.error), `stderr: ${r.stderr}`);
        assert.ok(r.stderr.startsWith('error: '), r.stderr);
        assert.equal(r.stderr.trimEnd().split('\n').length, 1, 'one line');
        return;
      }
      assert.equal(r.code, 0, r.stderr);
      if (UPDATE) return;
      assert.equal(r.stdout, await readFile(join(GOLDEN, `${name}.yaml`), 'utf8'));
    });
  }
});

const skip = kubectlSkip();

describe('platformctl kustomize against kubectl kustomize (renamed copies)', { skip }, () => {
  let work: string;
  let toK8s: (s: string) => string;
  let toPlatform: (s: string) => string;

  before(async () => {
    ({ toK8s, toPlatform } = (await import(RENAME_PROXY)) as { toK8s: (s: string) => string; toPlatform: (s: string) => string });
    work = await mkdtemp(join(tmpdir(), 'platformctl-kustomize-diff-'));
    if (UPDATE) await mkdir(GOLDEN, { recursive: true });
  });

  after(async () => {
    await rm(work, { recursive: true, force: true });
  });

  for (const name of fixtures) {
    test(name, async () => {
      const meta = await metaOf(name);
      const copy = join(work, name);
      await copyRenamed(join(FIXTURES, name), copy, toK8s);
      const k = spawnSync('kubectl', ['kustomize', join(copy, meta.dir ?? '.'), ...(meta.args ?? [])], { encoding: 'utf8', timeout: 120_000 });
      const r = await ours(name, meta);
      assert.equal(r.code === 0, k.status === 0, `kubectl exit ${String(k.status)}: ${k.stderr}\nours ${r.code}: ${r.stderr}`);
      const theirs = toPlatform(k.stdout);
      assert.equal(r.stdout, theirs);
      if (UPDATE && k.status === 0) await writeFile(join(GOLDEN, `${name}.yaml`), theirs);
      assert.ok((await stat(copy)).isDirectory());
    });
  }
});
