/**
 * The core bundle (scripts/bundle.mjs, src/cli/startup/loader.ts): the everyday commands run from
 * `platformctl-core.cjs`, a copy of the CLI without the other commands. Every command and
 * sub-command prints through the built binary the same help as in-process; a command outside the
 * core still runs (from the whole bundle), and the core bundle itself really lacks it. The built-in
 * schema tables live in a side bundle that both bundles load on first use: client-side apply's
 * strategic merge (core) and kustomize's patches (whole bundle) still merge lists by key. The
 * kustomize and Go template engines are side bundles too: their errors are reported exactly as
 * in-process (their error classes are branded, src/sdk/types/class-brand.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../support/cli.js';
import { subcommandsOf } from '../support/help-tree.js';
import { startTestServer, writeTestKubeconfig } from '../support/server.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'platformctl');
const CORE = join(ROOT, 'dist', 'cli', 'platformctl-core.cjs');
const FULL = join(ROOT, 'dist', 'cli', 'platformctl.cjs');
const WORDS = JSON.parse(readFileSync(join(ROOT, 'scripts', 'core-words.json'), 'utf8')) as string[];
const skip = existsSync(CORE) ? false : 'dist/cli is not built (npm run build)';

function env(): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', PLATFORMCONFIG: '/dev/null', HOME: '/nonexistent' };
  delete e.NODE_OPTIONS;
  return e;
}

function binHelp(path: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, ...path, '--help'], { env: env(), maxBuffer: 8 << 20 }, (err, stdout, stderr) => {
      if (err !== null) reject(new Error(`${path.join(' ')} --help: ${stderr}`));
      else resolve(stdout);
    });
  });
}

test('every command and sub-command has the same help from the built binary (either bundle) as in-process', { skip }, async () => {
  // The root help lists every command (the whole bundle); the core words run from the core bundle.
  const root = await binHelp([]);
  assert.equal(root, (await runCli(['--help'])).stdout);
  const words = subcommandsOf(root);
  for (const w of WORDS) assert.ok(words.includes(w), `core word ${w} is a command`);
  const queue = words.map((w) => [w]);
  let checked = 0;
  const worker = async (): Promise<void> => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const [built, inProcess] = await Promise.all([binHelp(path), runCli([...path, '--help'])]);
      assert.equal(built, inProcess.stdout, path.join(' '));
      for (const name of subcommandsOf(built)) queue.push([...path, name]);
      checked++;
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  assert.ok(checked > words.length, `walked ${checked} commands`);
});

test('a command outside the core runs from the whole bundle; the core bundle lacks it', { skip }, () => {
  const args = ['create', 'configmap', 'x', '--from-literal=a=b', '--dry-run=client', '-o', 'name'];
  const viaBin = spawnSync(process.execPath, [BIN, ...args], { env: env(), encoding: 'utf8' });
  assert.equal(viaBin.stderr, '');
  assert.equal(viaBin.stdout, 'configmap/x\n');
  // The core bundle run directly (as the loader runs a bundle) refuses it as an internal error.
  const harness = `
    const { Script } = require('node:vm');
    const file = ${JSON.stringify(CORE)};
    const fn = new Script(require('node:fs').readFileSync(file, 'latin1'), { filename: file }).runInThisContext();
    const module = { exports: {} };
    fn.call(module.exports, module.exports, require, module, file, require('node:path').dirname(file));`;
  const direct = spawnSync(process.execPath, ['-e', harness, '--', BIN, ...args], { env: env(), encoding: 'utf8' });
  assert.equal(direct.status, 1);
  assert.match(direct.stderr, /internal error: "create" is not in the core bundle/);
  assert.ok(statSync(CORE).size < 0.8 * statSync(FULL).size, 'the core bundle is at least a fifth smaller');
});

const deployment = (containers: string): string => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
${containers}`;

test('the schema side bundle: strategic merges by key from the core bundle and from kustomize', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-core-bundle-'));
  const server = await startTestServer();
  try {
    const config = await writeTestKubeconfig(server, join(dir, '.config'), 'default');
    // Asynchronous: the server runs in this process.
    const cli = (args: string[]): Promise<string> => new Promise((resolve, reject) => {
      execFile(process.execPath, [BIN, ...args], { env: { ...env(), PLATFORMCONFIG: config, HOME: dir }, cwd: dir }, (err, stdout, stderr) => {
        if (err !== null) reject(new Error(`${args.join(' ')}: ${stderr}`));
        else resolve(stdout);
      });
    });
    writeFileSync(join(dir, 'deploy.yaml'), deployment('      - name: a\n        image: x\n'));
    await cli(['apply', '-f', 'deploy.yaml']);
    // A container added outside apply survives a client-side apply only with a strategic merge
    // (by name, from the schema); a JSON merge patch would replace the whole list.
    await cli(['patch', 'deployment', 'web', '--type', 'strategic', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"c","image":"z"}]}}}}']);
    writeFileSync(join(dir, 'deploy.yaml'), deployment('      - name: a\n        image: x2\n'));
    assert.equal(await cli(['apply', '-f', 'deploy.yaml']), 'deployment.apps/web configured\n');
    const containers = await cli(['get', 'deployment', 'web', '-o', "jsonpath={range .spec.template.spec.containers[*]}{.name}={.image} {end}"]);
    assert.deepEqual(containers.trim().split(' ').sort(), ['a=x2', 'c=z']);
    writeFileSync(join(dir, 'kustomization.yaml'), 'resources: [deploy.yaml]\npatches:\n- patch: |-\n    apiVersion: apps/v1\n    kind: Deployment\n    metadata: {name: web}\n    spec:\n      template:\n        spec:\n          containers:\n          - name: b\n            image: y\n');
    assert.match(await cli(['kustomize', '.']), /containers:\n {6}- image: "y"\n {8}name: b\n {6}- image: x2\n {8}name: a\n/);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('errors from the kustomize and Go template side bundles are reported as in-process', { skip }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-core-bundle-'));
  try {
    writeFileSync(join(dir, 'config'), 'apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster: {server: "https://127.0.0.1:1"}\nusers: []\ncontexts:\n- name: a\n  context: {cluster: c}\ncurrent-context: a\n');
    writeFileSync(join(dir, 'kustomization.yaml'), 'resources: [missing.yaml]\n');
    const environment = { ...env(), PLATFORMCONFIG: join(dir, 'config'), HOME: dir };
    const cases = [
      ['kustomize', '.'],
      ['apply', '-k', '.', '--dry-run=client'],
      ['config', 'view', '-o', 'go-template={{.x'],
      ['config', 'view', '-o', 'go-template={{index .clusters 5}}'],
      ['create', 'configmap', 'x', '--dry-run=client', '-o', 'go-template={{index .metadata 5}}'],
    ];
    for (const args of cases) {
      const built = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [BIN, ...args], { env: environment, cwd: dir }, (err, stdout, stderr) => {
          resolve({ code: err === null ? 0 : typeof err.code === 'number' ? err.code : -1, stdout, stderr });
        });
      });
      const inProcess = await runCli(args, { env: environment, cwd: dir, home: dir });
      assert.notEqual(built.code, 0, args.join(' '));
      assert.deepEqual(built, inProcess, args.join(' '));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
