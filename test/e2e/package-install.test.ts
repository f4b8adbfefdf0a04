/**
 * The package users install, tried as a new user would: `npm pack` (its prepack and postpack
 * scripts included), then an offline install of the tarball into a temporary project, which must
 * print no warning; then the installed `platformctl` (version, --help, help, completion, a `get`
 * against a local server started here) and the installed SDK: imported by its package name,
 * required from a CommonJS project (the README's snippet), and compiled against by strict
 * TypeScript projects (`skipLibCheck: false`, `types: []`) with the newest TypeScript 5 and the
 * newest release from the registry (without it: the checkout's TypeScript, and a skip that says
 * why), under `nodenext` (ES module and CommonJS files) and `bundler` resolution. Also what the tarball holds: the CLI
 * bundle, the SDK with its declarations, the API reference, every man page and completion script,
 * a package.json without `prepare`, and none of the tests, TypeScript sources or build caches.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadAllSpecs } from '../../src/cli/commands/index.js';
import type { CommandSpec } from '../../src/cli/framework/spec.js';
import { installTarball, npm, pack, type PackResult } from '../support/pack-install.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const built = existsSync(join(ROOT, 'dist', 'cli', 'platformctl.cjs')) && existsSync(join(ROOT, 'dist', 'src', 'sdk', 'index.js'));
const skip = built ? false : 'the project is not built (npm run build)';
const exec = promisify(execFile);

let work = '';
let packed: (PackResult & { staged: string }) | undefined;
let installed = '';
let installOutput = { stdout: '', stderr: '' };
let home = '';
let server: TestServer | undefined;
let config = '';

before(async () => {
  if (!built) return;
  work = await mkdtemp(join(tmpdir(), 'platformctl-pack-'));
  packed = await pack(ROOT, work);
  installed = join(work, 'project');
  await mkdir(installed);
  installOutput = await installTarball(ROOT, join(work, packed.filename), installed);
  home = join(work, 'home');
  await mkdir(home);
  server = await startTestServer();
  config = await writeTestKubeconfig(server, join(home, 'server'));
});
after(async () => {
  await server?.stop();
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
  // The API reference (written by prepack) and the guides the README and the -o help point at.
  for (const f of ['docs/api/index.html', 'docs/api/classes/StatusError.html', 'docs/jsonpath.md', 'docs/go-template.md', 'docs/local-cluster.md']) {
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
    f.includes('tsbuildinfo') || f.includes('prepack-backup') || (f.endsWith('.ts') && !f.endsWith('.d.ts')) ||
    f.startsWith('dist/src/server/') || f.startsWith('dist/src/cli/') || f.startsWith('dist/src/printers/'));
  assert.deepEqual(unwanted, []);
});

test('the packed package.json has no prepare script, and packing puts the checkout\'s back as it was', { skip }, async () => {
  assert.ok(packed !== undefined);
  const original = await readFile(join(ROOT, 'package.json'), 'utf8');
  const mine = JSON.parse(original) as { scripts: Record<string, string> };
  assert.equal(mine.scripts.prepare, 'npm run build', 'a checkout builds dist/ on npm ci and on an install from git');
  const inTarball = JSON.parse(await readFile(join(installed, 'node_modules', 'platformctl', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  assert.equal(inTarball.scripts.prepare, undefined);
  const { prepare: _prepare, ...others } = mine.scripts;
  assert.deepEqual(inTarball.scripts, others, 'only prepare is taken out');
  // postpack restored the packed directory's package.json byte for byte and left no backup behind.
  assert.equal(await readFile(join(packed.staged, 'package.json'), 'utf8'), original);
  assert.ok(!existsSync(join(packed.staged, 'package.json.prepack-backup')));
});

test('installing the package prints no warning', { skip }, () => {
  // npm warns on each install about dependencies with lifecycle scripts (`install-scripts`), about
  // engines, peers and deprecations: a user's install of this package prints none of them.
  const warnings = installOutput.stderr.split('\n').filter((l) => /\bwarn\b|\bERR!/i.test(l));
  assert.deepEqual(warnings, [], installOutput.stderr);
});

test('the README\'s size and file count of the tarball are about right', { skip }, async () => {
  assert.ok(packed !== undefined);
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const m = /makes a tarball of about ([\d.]+) MB with about ([\d,]+) files \(([\d.]+) MB unpacked/.exec(readme.replace(/\s+/g, ' '));
  assert.ok(m !== null, 'the README gives the tarball\'s size, file count and unpacked size');
  const near = (what: string, said: number, actual: number): void =>
    assert.ok(Math.abs(said - actual) <= actual * 0.1, `README says ${what} ${said}, the tarball has ${actual.toFixed(2)}: update the README`);
  near('packed MB', Number(m[1]), packed.size / 1e6);
  near('files', Number((m[2] ?? '').replaceAll(',', '')), packed.entryCount);
  near('unpacked MB', Number(m[3]), packed.unpackedSize / 1e6);
});

test('the installed platformctl prints its version, help and completion script', { skip }, async () => {
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const version = await installedCli(['version', '--client']);
  assert.equal(version.code, 0, version.stderr);
  assert.equal(version.stdout, `Client Version: v${pkg.version}\nKustomize Version: v5.5.0\n`);
  const dashVersion = await installedCli(['--version']);
  assert.equal(dashVersion.code, 0, dashVersion.stderr);
  assert.equal(dashVersion.stdout, `Client Version: v${pkg.version}\nKustomize Version: v5.5.0\n`);

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
  const r = await installedCli(['get', 'namespaces', 'default'], { PLATFORMCONFIG: config });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^NAME +STATUS +AGE\ndefault +Active +\S+\n$/);
  const json = await installedCli(['get', 'namespace', 'default', '-o', 'jsonpath={.metadata.name}'], { PLATFORMCONFIG: config });
  assert.equal(json.stdout, 'default');
});

test('the installed SDK imports by its package name', { skip }, async () => {
  const script = "const sdk = await import('platformctl'); console.log(typeof sdk.createClient, typeof sdk.loadConfig, typeof sdk.StatusError);";
  const r = await exec(process.execPath, ['--input-type=module', '-e', script], { cwd: installed });
  assert.equal(r.stdout, 'function function function\n');
});

test('a CommonJS project requires the SDK: the README\'s snippet runs, and require and import give one copy', { skip }, async () => {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## The SDK\n'));
  const snippet = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(snippet !== undefined && snippet.includes("require('platformctl')"), 'the SDK section has a CommonJS snippet');
  const dir = join(installed, 'cjs');
  await mkdir(dir, { recursive: true });
  // What `npm init -y` writes: CommonJS.
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'cjs-user', version: '1.0.0', type: 'commonjs' }));
  await writeFile(join(dir, 'main.js'), snippet);
  const env = { ...process.env, HOME: home, PLATFORMCONFIG: config };
  const r = await exec(process.execPath, ['main.js'], { cwd: dir, env, timeout: 30_000 });
  assert.equal(r.stdout, 'default Active\n');
  assert.equal(r.stderr, '', 'no warning (require of an ES module is no longer experimental here)');
  // One module instance serves require() and import(): classes are the same, so instanceof holds.
  const same = "const a = require('platformctl'); import('platformctl').then((b) => console.log(a.StatusError === b.StatusError, a.loadClient === b.loadClient));";
  const r2 = await exec(process.execPath, ['-e', same], { cwd: dir, env });
  assert.equal(r2.stdout, 'true true\n');
});

/** A strict project's sources: the README snippets and every export of the package, as an ES module and as CommonJS. */
async function writeTypeScriptProject(dir: string): Promise<void> {
  const names = JSON.parse((await exec(process.execPath, ['--input-type=module', '-e', "console.log(JSON.stringify(Object.keys(await import('platformctl'))))"], { cwd: installed })).stdout) as string[];
  assert.ok(names.length > 150, `${names.length} exports`);
  const uses = names.map((n) => `  sdk.${n},`).join('\n');
  const esm = join(dir, 'esm');
  const cjs = join(dir, 'cjs');
  await mkdir(esm, { recursive: true });
  await mkdir(cjs, { recursive: true });
  await writeFile(join(esm, 'package.json'), JSON.stringify({ type: 'module' }));
  await writeFile(join(cjs, 'package.json'), JSON.stringify({ type: 'commonjs' }));
  for (const f of (await readdir(join(ROOT, 'test', 'types'))).filter((f) => f.startsWith('readme-'))) await copyFile(join(ROOT, 'test', 'types', f), join(esm, f));
  // Every value the package exports at run time, read through its declarations: one the
  // declarations lack (or misdeclare) does not compile.
  await writeFile(join(esm, 'exports.ts'), `import * as sdk from 'platformctl';\n\nexport const everything = [\n${uses}\n] as const;\nconst client: sdk.PlatformClient = sdk.createClient({ server: 'https://127.0.0.1:1' } as sdk.ClientConfig);\nexport const pods: ReturnType<typeof client.pods> = client.pods();\n`);
  await writeFile(join(cjs, 'exports.ts'), `import sdk = require('platformctl');\n\nconst everything = [\n${uses}\n] as const;\nconsole.log(everything.length, sdk.StatusError.name);\n`);
  const strict = {
    target: 'es2023', strict: true, skipLibCheck: false, noEmit: true, types: [], exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true, verbatimModuleSyntax: true, isolatedModules: true, forceConsistentCasingInFileNames: true,
  };
  await writeFile(join(dir, 'tsconfig.nodenext.json'), JSON.stringify({ compilerOptions: { ...strict, module: 'nodenext' }, include: ['esm/*.ts', 'cjs/*.ts'] }));
  await writeFile(join(dir, 'tsconfig.bundler.json'), JSON.stringify({ compilerOptions: { ...strict, module: 'preserve', moduleResolution: 'bundler' }, include: ['esm/*.ts'] }));
}

/** Runs `tsc -p <config>` of one TypeScript install in `dir`; fails with its diagnostics. */
async function compile(tsc: string, dir: string, config: string, label: string): Promise<void> {
  try {
    await exec(process.execPath, [tsc, '-p', config], { cwd: dir, timeout: 120_000, maxBuffer: 16 << 20 });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; signal?: string | null };
    const killed = e.signal === undefined || e.signal === null ? '' : ` (${e.signal}: not done in 120 s)`;
    assert.fail(`${label}, ${config}: tsc failed against the installed package${killed}:\n${e.stdout ?? ''}${e.stderr ?? String(err)}`);
  }
}

/**
 * The newest TypeScript 5 and the newest release, installed once from the registry into a folder of
 * their own (npm's cache keeps later runs quick), or why not: the registry cannot be reached.
 */
async function registryTypeScripts(): Promise<{ label: string; version: string; tsc: string }[] | string> {
  const dir = join(work, 'typescripts');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'typescripts', version: '1.0.0', private: true }));
  try {
    await npm(['view', 'typescript@latest', 'version', '--fetch-timeout=15000', '--fetch-retries=0'], dir);
  } catch (err) {
    const first = ((err as { stderr?: string }).stderr ?? String(err)).split('\n').find((l) => l.trim() !== '') ?? 'npm view failed';
    return `the npm registry is unreachable (${first})`;
  }
  try {
    await npm(['install', '--no-audit', '--no-fund', '--fetch-timeout=60000', '--fetch-retries=1', 'ts5@npm:typescript@5', 'tslatest@npm:typescript@latest'], dir);
  } catch (err) {
    // A registry that answers `view` may still fail or stall a download: that is the network's
    // state, not the package's, and the checkout's TypeScript still checks the declarations.
    const e = err as { stderr?: string; signal?: string | null };
    const first = (e.stderr ?? '').split('\n').find((l) => l.trim() !== '') ?? (e.signal === undefined || e.signal === null ? String(err) : `no answer within the timeout (${e.signal})`);
    return `the npm registry did not deliver TypeScript (${first})`;
  }
  const versions = [];
  for (const [label, alias] of [['the newest TypeScript 5', 'ts5'], ['the newest TypeScript', 'tslatest']] as const) {
    const { version } = JSON.parse(await readFile(join(dir, 'node_modules', alias, 'package.json'), 'utf8')) as { version: string };
    versions.push({ label, version, tsc: join(dir, 'node_modules', alias, 'bin', 'tsc') });
  }
  return versions;
}

test('fresh strict projects compile against the installed declarations: nodenext (ES module and CommonJS files) and bundler', { skip, timeout: 300_000 }, async (t) => {
  const dir = join(installed, 'ts');
  await writeTypeScriptProject(dir);
  const found = await registryTypeScripts();
  if (typeof found === 'string') {
    // Without the registry, the checkout's own TypeScript (a 5.x) still tries the installed declarations.
    await t.test('with TypeScript from the registry', { skip: `${found}: compiled with the checkout's TypeScript only` }, () => undefined);
    const { version } = JSON.parse(await readFile(join(ROOT, 'node_modules', 'typescript', 'package.json'), 'utf8')) as { version: string };
    await t.test(`with the checkout's TypeScript (${version}), offline`, async () => {
      const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
      await compile(tsc, dir, 'tsconfig.nodenext.json', `the checkout's TypeScript ${version}`);
      await compile(tsc, dir, 'tsconfig.bundler.json', `the checkout's TypeScript ${version}`);
    });
    return;
  }
  for (const { label, version, tsc } of found) {
    await t.test(`with ${label} (${version})`, async () => {
      await compile(tsc, dir, 'tsconfig.nodenext.json', `${label} ${version}`);
      await compile(tsc, dir, 'tsconfig.bundler.json', `${label} ${version}`);
    });
  }
});
