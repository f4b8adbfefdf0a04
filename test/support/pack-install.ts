/**
 * Packs the project with `npm pack` and installs the tarball into a temporary project, offline, the
 * way a user's `npm install platformctl` would lay it out. Dependencies come from the npm cache by
 * integrity (what `npm ci` filled), through a lockfile derived from the project's own: an offline
 * `npm install <tarball>` would need the registry's package documents, which `npm ci` never caches.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
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

/** Runs npm: the npm of `npm test` when there is one (npm_execpath), else `npm` on PATH. */
export async function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ stdout: string; stderr: string }> {
  const script = process.env.npm_execpath;
  const useScript = script !== undefined && /npm-cli\.js$/.test(script);
  return exec(useScript ? process.execPath : 'npm', useScript ? [script, ...args] : args, { cwd, env, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 });
}

/** `npm pack` of `root` into `dest` (without running the prepare script: the test runs after a build). */
export async function pack(root: string, dest: string): Promise<PackResult> {
  const { stdout } = await npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dest], root);
  const [result] = JSON.parse(stdout) as { filename: string; size: number; unpackedSize: number; entryCount: number; files: { path: string }[] }[];
  if (result === undefined) throw new Error(`npm pack printed no result: ${stdout}`);
  return { filename: result.filename, size: result.size, unpackedSize: result.unpackedSize, entryCount: result.entryCount, files: result.files.map((f) => f.path) };
}

/**
 * Installs `tarball` into a new project in `dir` with `npm ci --offline`, using the runtime entries of
 * `root`'s package-lock.json (optional dependencies left out: keytar needs a compiler).
 */
export async function installTarball(root: string, tarball: string, dir: string): Promise<void> {
  const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const file = `file:${basename(tarball)}`;
  const integrity = `sha512-${createHash('sha512').update(await readFile(tarball)).digest('base64')}`;
  const packages: Record<string, LockEntry> = {
    '': { name: 'platformctl-install-test', version: '0.0.0', dependencies: { platformctl: file } },
    'node_modules/platformctl': {
      version: String(pkg.version), resolved: file, integrity,
      dependencies: pkg.dependencies, optionalDependencies: pkg.optionalDependencies, bin: pkg.bin, engines: pkg.engines,
    },
  };
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key.startsWith('node_modules/') || entry.dev === true || entry.link === true) continue;
    const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    // With a resolved URL and an integrity, npm takes the tarball from its cache by digest.
    const resolved = entry.resolved ?? `https://registry.npmjs.org/${name}/-/${name.split('/').pop() ?? name}-${entry.version ?? ''}.tgz`;
    packages[key] = { ...entry, resolved };
  }
  await writeFile(join(dir, 'package.json'), `${JSON.stringify({ name: 'platformctl-install-test', version: '0.0.0', private: true, dependencies: { platformctl: file } }, null, 2)}\n`);
  await writeFile(join(dir, 'package-lock.json'), `${JSON.stringify({ name: 'platformctl-install-test', version: '0.0.0', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
  try {
    await npm(['ci', '--offline', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund'], dir);
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr ?? String(err);
    throw new Error(`npm ci --offline of the packed tarball failed (the npm cache must hold every dependency: run "npm ci" first):\n${stderr}`);
  }
}
