/**
 * Packs the project with `npm pack` and installs the tarball into a temporary project, offline, the
 * way a user's `npm install platformctl` would lay it out. Dependencies come from the npm cache by
 * integrity (what `npm ci` filled), through a lockfile derived from the project's own: an offline
 * `npm install <tarball>` would need the registry's package documents, which `npm ci` never caches.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** What `npm pack --json` reports. */
export interface PackResult {
  filename: string;
  /** Compressed size in bytes. */
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: string[];
}

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
  link?: boolean;
  [key: string]: unknown;
}

/**
 * Runs npm: the npm of `npm test` when there is one (npm_execpath), else `npm` on PATH. The test
 * runner takes NODE_EXTRA_CA_CERTS out of the tests' environment (it slows every child's start);
 * npm gets it back, or behind a proxy with its own CA every registry request fails its TLS check and
 * an install stalls on retries until the timeout.
 */
export async function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ stdout: string; stderr: string }> {
  const script = process.env.npm_execpath;
  const useScript = script !== undefined && /npm-cli\.js$/.test(script);
  const ca = env.NODE_EXTRA_CA_CERTS ?? process.env.PLATFORMCTL_TEST_NPM_CA_CERTS;
  const npmEnv = ca === undefined ? env : { ...env, NODE_EXTRA_CA_CERTS: ca };
  return exec(useScript ? process.execPath : 'npm', useScript ? [script, ...args] : args, { cwd, env: npmEnv, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 });
}

/**
 * `npm pack` as a release makes it, scripts included (prepack strips `prepare` from package.json and
 * writes the API reference, postpack restores package.json: scripts/pack.mjs), but of a copy of the
 * built tree: the checkout itself is neither rebuilt (the test runs after a build) nor touched. The
 * copy holds what package.json's `files` names, with scripts/ linked from the checkout (the pack
 * script builds the docs from the checkout's sources). `staged` is the copy's package directory.
 */
export async function pack(root: string, dest: string): Promise<PackResult & { staged: string }> {
  const staged = join(dest, 'staged');
  await mkdir(staged, { recursive: true });
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { files?: string[] };
  for (const entry of ['package.json', 'README.md', 'LICENSE', ...(pkg.files ?? [])]) {
    const from = join(root, entry);
    if (!existsSync(from)) continue;
    await cp(from, join(staged, entry), { recursive: true, filter: (src) => !src.startsWith(join(root, 'docs', 'api')) });
  }
  await symlink(join(root, 'scripts'), join(staged, 'scripts'));
  const { stdout } = await npm(['pack', '--json', '--pack-destination', dest], staged, { ...process.env, PLATFORMCTL_PACK_SKIP_BUILD: '1' });
  const [result] = JSON.parse(stdout) as { filename: string; size: number; unpackedSize: number; entryCount: number; files: { path: string }[] }[];
  if (result === undefined) throw new Error(`npm pack printed no result: ${stdout}`);
  return { filename: result.filename, size: result.size, unpackedSize: result.unpackedSize, entryCount: result.entryCount, files: result.files.map((f) => f.path), staged };
}

/** Package names of an entry's dependencies of every kind (optional and peer ones included). */
function dependencyNames(entry: Record<string, unknown> | undefined): string[] {
  const names: string[] = [];
  for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies']) {
    const deps = entry?.[field];
    if (deps !== null && typeof deps === 'object') names.push(...Object.keys(deps));
  }
  return names;
}

/**
 * Installs `tarball` into a new project in `dir` with `npm ci --offline`, using the entries of
 * `root`'s package-lock.json that the package needs at run time: its dependencies, optional and
 * peer ones (`@types/node`, a development dependency of the checkout) and theirs, transitively
 * (optional dependencies are then left out: keytar needs a compiler). Then, as a user adds a
 * package, `npm install --offline <tarball>` over it: `npm ci` takes the package's manifest from the
 * lockfile, where npm keeps no `prepare` script, so only this install reads the package.json in
 * the tarball as a user's install does (and would warn of its lifecycle scripts). Returns what npm
 * printed, both runs together.
 */
export async function installTarball(root: string, tarball: string, dir: string): Promise<{ stdout: string; stderr: string }> {
  const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const file = `file:${basename(tarball)}`;
  const integrity = `sha512-${createHash('sha512').update(await readFile(tarball)).digest('base64')}`;
  const packages: Record<string, LockEntry> = {
    '': { name: 'platformctl-install-test', version: '0.0.0', dependencies: { platformctl: file } },
    'node_modules/platformctl': {
      version: String(pkg.version), resolved: file, integrity,
      dependencies: pkg.dependencies, optionalDependencies: pkg.optionalDependencies, peerDependencies: pkg.peerDependencies,
      bin: pkg.bin, engines: pkg.engines,
    },
  };
  const nameOf = (key: string): string => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const wanted = new Set(dependencyNames(pkg));
  const copied = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const [key, entry] of Object.entries(lock.packages)) {
      if (!key.startsWith('node_modules/') || entry.link === true || copied.has(key) || !wanted.has(nameOf(key))) continue;
      copied.add(key);
      grew = true;
      const name = nameOf(key);
      // With a resolved URL and an integrity, npm takes the tarball from its cache by digest.
      const resolved = entry.resolved ?? `https://registry.npmjs.org/${name}/-/${name.split('/').pop() ?? name}-${entry.version ?? ''}.tgz`;
      const { dev: _dev, devOptional: _devOptional, ...rest } = entry;
      packages[key] = { ...rest, resolved };
      for (const dep of dependencyNames(entry)) wanted.add(dep);
    }
  }
  await writeFile(join(dir, 'package.json'), `${JSON.stringify({ name: 'platformctl-install-test', version: '0.0.0', private: true, dependencies: { platformctl: file } }, null, 2)}\n`);
  await writeFile(join(dir, 'package-lock.json'), `${JSON.stringify({ name: 'platformctl-install-test', version: '0.0.0', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
  let ci: { stdout: string; stderr: string };
  try {
    ci = await npm(['ci', '--offline', '--omit=optional', '--no-audit', '--no-fund'], dir);
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr ?? String(err);
    throw new Error(`npm ci --offline of the packed tarball failed (the npm cache must hold every dependency: run "npm ci" first):\n${stderr}`);
  }
  const install = await npm(['install', '--offline', '--omit=optional', '--no-audit', '--no-fund', tarball], dir);
  return { stdout: ci.stdout + install.stdout, stderr: ci.stderr + install.stderr };
}
