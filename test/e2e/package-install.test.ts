/**
 * The package users install: `npm pack`, then an offline install of the tarball into a temporary
 * project, then the installed `platformctl` (version, --help, help, completion, a `get` against a
 * local server started here) and the installed SDK (`import ... from 'platformctl'`). Also what the
 * tarball holds: the CLI bundle, the SDK with its declarations, every man page and completion script,
 * and none of the tests, TypeScript sources or build caches.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadAllSpecs } from '../../src/cli/commands/index.js';
import type { CommandSpec } from '../../src/cli/framework/spec.js';
import { installTarball, pack, type PackResult } from '../support/pack-install.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const built = existsSync(join(ROOT, 'dist', 'cli', 'platformctl.cjs')) && existsSync(join(ROOT, 'dist', 'src', 'sdk', 'index.js'));
const skip = built ? false : 'the project is not built (npm run build)';
const exec = promisify(execFile);

let work = '';
let packed: PackResult | undefined;
let installed = '';
let home = '';

before(async () => {
  if (!built) return;
  work = await mkdtemp(join(tmpdir(), 'platformctl-pack-'));
  packed = await pack(ROOT, work);
  installed = join(work, 'project');
  await mkdir(installed);
  await installTarball(ROOT, join(work, packed.filename), installed);
  home = join(work, 'home');
  await mkdir(home);
});
after(async () => {
  if (work !== '') await rm(work, { recursive: true, force: true });
});

/** Runs the installed binary (through node_modules/.bin, as npm links it). */
async function installedCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const bin = join(installed, 'node_modules', '.bin', 'platformctl');
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: '1', ...env };
  delete fullEnv.PLATFORMCONFIG;
  if (env.PLATFORMCONFIG !== undefined) fullEnv.PLATFORMCONFIG = env.PLATFORMCONFIG;
  try {
    const r = await exec(bin, args, { cwd: home, env: fullEnv, timeout: 60_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === 'number' ? err.code : 1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

test('the tarball holds what users run and nothing they do not', { skip }, async (t) => {
  assert.ok(packed !== undefined);
  const files = new Set(packed.files);
  t.diagnostic(`tarball ${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${packed.entryCount} files`);
  for (const f of ['bin/platformctl', 'dist/cli/start.cjs', 'dist/cli/platformctl.cjs', 'dist/cli/platformctl.cjs.v8', 'dist/cli/side-server.cjs', 'dist/src/sdk/index.js', 'dist/src/sdk/index.d.ts', 'package.json', 'README.md', 'LICENSE']) {
    assert.ok(files.has(f), `${f} is packed`);
  }
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { man: string[] };
  for (const page of pkg.man) assert.ok(files.has(page), `${page} is packed`);
  for (const f of ['completions/platformctl.bash', 'completions/_platformctl', 'completions/platformctl.fish', 'completions/platformctl.ps1']) {
    assert.ok(files.has(f), `${f} is packed`);
  }
  // The examples in --help and the man pages name files under examples/: the package has them.
  const named = new Set<string>();
  const walk = (spec: CommandSpec): void => {
    for (const e of spec.examples) for (const m of e.command.matchAll(/examples\/[\w./-]*/g)) named.add(m[0].replace(/\/$/, ''));
    for (const sub of spec.subcommands ?? []) walk(sub);
  };
  for (const spec of await loadAllSpecs()) walk(spec);
  assert.ok(named.size > 0);
  for (const path of named) assert.ok(packed.files.some((f) => f === path || f.startsWith(`${path}/`)), `${path} (named by an example) is packed`);
  const unwanted = packed.files.filter((f) =>
    f.startsWith('src/') || f.startsWith('test/') || f.startsWith('dist/test/') || f.startsWith('bench/') || f.startsWith('scripts/') ||
    f.includes('tsbuildinfo') || (f.endsWith('.ts') && !f.endsWith('.d.ts')) ||
    f.startsWith('dist/src/server/') || f.startsWith('dist/src/cli/') || f.startsWith('dist/src/printers/'));
  assert.deepEqual(unwanted, []);
});

test('the installed platformctl prints its version, help and completion script', { skip }, async () => {
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const version = await installedCli(['version', '--client']);
  assert.equal(version.code, 0, version.stderr);
  assert.equal(version.stdout, `Client Version: v${pkg.version}\n`);
  const dashVersion = await installedCli(['--version']);
  assert.equal(dashVersion.code, 0, dashVersion.stderr);
  assert.equal(dashVersion.stdout, `Client Version: v${pkg.version}\n`);

  const help = await installedCli(['--help']);
  assert.equal(help.code, 0, help.stderr);
  assert.match(help.stdout, /\nUsage:\n {2}platformctl \[flags\] \[options\]\n/);
  assert.match(help.stdout, /\n {2}get +Display one or many resources\n/);
  const helpGet = await installedCli(['help', 'get']);
  assert.equal(helpGet.code, 0, helpGet.stderr);
  assert.match(helpGet.stdout, /^Display one or many resources\./);

  const bash = await installedCli(['completion', 'bash']);
  assert.equal(bash.code, 0, bash.stderr);
  assert.match(bash.stdout, /^# bash completion/);
  assert.ok(bash.stdout.includes('__complete'));
  // npm puts the man pages where `man` finds them only for global installs; they are in the package either way.
  assert.ok(existsSync(join(installed, 'node_modules', 'platformctl', 'man', 'platformctl-get.1')));
});

test('the installed platformctl gets objects from a local server', { skip }, async () => {
  let server: TestServer | undefined;
  try {
    server = await startTestServer();
    const config = await writeTestKubeconfig(server, join(home, 'server'));
    const r = await installedCli(['get', 'namespaces', 'default'], { PLATFORMCONFIG: config });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^NAME +STATUS +AGE\ndefault +Active +\S+\n$/);
    const json = await installedCli(['get', 'namespace', 'default', '-o', 'jsonpath={.metadata.name}'], { PLATFORMCONFIG: config });
    assert.equal(json.stdout, 'default');
  } finally {
    await server?.stop();
  }
});

test('a strict NodeNext TypeScript project compiles the README snippets against the installed declarations', { skip }, async () => {
  const { readdir, writeFile, copyFile } = await import('node:fs/promises');
  const src = join(installed, 'src');
  await mkdir(src, { recursive: true });
  const snippets = (await readdir(join(ROOT, 'test', 'types'))).filter((f) => f.startsWith('readme-'));
  assert.ok(snippets.length >= 4);
  for (const f of snippets) await copyFile(join(ROOT, 'test', 'types', f), join(src, f));
  const tsconfig = {
    compilerOptions: {
      target: 'ES2023', lib: ['ES2023'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true,
      skipLibCheck: true, types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')],
    },
    include: ['src/**/*.ts'],
  };
  await writeFile(join(installed, 'tsconfig.json'), JSON.stringify(tsconfig));
  await writeFile(join(installed, 'package.json'), JSON.stringify({ ...JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')), type: 'module' }));
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    await exec(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: installed });
  } catch (err) {
    assert.fail(`tsc against the installed package failed:\n${(err as { stdout?: string }).stdout ?? String(err)}`);
  }
});

test('the installed SDK imports by its package name', { skip }, async () => {
  const script = "const sdk = await import('platformctl'); console.log(typeof sdk.createClient, typeof sdk.loadConfig, typeof sdk.StatusError);";
  const r = await exec(process.execPath, ['--input-type=module', '-e', script], { cwd: installed });
  assert.equal(r.stdout, 'function function function\n');
});
