/**
 * Start-up of the built CLI (`dist/cli/start.cjs`, what `bin/platformctl` requires; both are
 * CommonJS, so that a command run from the bundle never starts Node's ES module loader).
 *
 * Node 20 has no compile cache for ES modules: every run re-parses each module it loads and pays
 * the ESM loader's per-module resolution. Commands that talk to a cluster therefore run from one
 * CommonJS bundle of the whole CLI (`platformctl.cjs`) compiled through `vm.Script` with V8's code
 * cache, which skips parsing and most compiling:
 *
 * - the build ships a cache of the bundle's top level (`platformctl.cjs.v8`), made by the Node
 *   that built it, so that even a first run does not parse all of the bundle;
 * - after a run of command `<word>`, the bundle's code as that run compiled it is kept in
 *   `<cache dir>/v8/<bundle hash>-<word>.bin` once the cache dir exists (0600 in a 0700
 *   directory; read only when it is a regular file of this user that nobody else can write, and
 *   never from a symbolic link), so later runs of the same command
 *   start with everything they need compiled. V8 itself refuses a cache of another V8 version,
 *   other flags or another source length; the bundle hash in the name ties it to this build, and
 *   caches of other builds are removed when a new one is written.
 *
 * The smallest commands (`version --client`, shell completion) load less than the bundle's cache
 * holds and run from the code-split ES module build (`main.js` and `chunks/`) instead.
 */
import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { CACHE_DIR_NAME, HOME_DIR_NAME } from '../sdk/naming.js';

// Replaced by the bundler (scripts/bundle.mjs): the first 16 hex digits of the bundle's SHA-256,
// and this file's URL (the loader is built as CommonJS, which has no import.meta).
declare const PLATFORMCTL_BUNDLE_HASH: string;
declare const PLATFORMCTL_LOADER_URL: string;

const MAX_CACHE_BYTES = 64 * 1024 * 1024;
/** Caches kept per build at most (one per command word), so that typos cannot fill the disk. */
const MAX_CACHES = 48;

/** Commands whose whole import graph is smaller than the bundle's cache. */
function isSmallCommand(argv: readonly string[]): boolean {
  const [first] = argv;
  if (first === '__complete' || first === '__completeNoDesc') return true;
  return first === 'version' && argv.some((a) => a === '--client' || a === '--client=true');
}

/** `--cache-dir DIR` / `--cache-dir=DIR` from the command line, else the default cache dir. */
function cacheDir(argv: readonly string[]): string {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    if (arg.startsWith('--cache-dir=')) return arg.slice('--cache-dir='.length);
    if (arg === '--cache-dir' && argv[i + 1] !== undefined) return argv[i + 1] ?? '';
  }
  return join(homedir(), HOME_DIR_NAME, CACHE_DIR_NAME);
}

/** The user's cache file, when it is a regular file of this user that no one else can write. */
function readOwnFile(path: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    const st = fstatSync(fd);
    const uid = process.getuid?.();
    if (!st.isFile() || (uid !== undefined && st.uid !== uid) || (st.mode & 0o077) !== 0 || st.size > MAX_CACHE_BYTES) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function readIfPresent(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Writes the cache atomically (0600, directory 0700) and removes caches of other builds. Only into
 * a cache dir that exists (commands that talk to a cluster make it for discovery): the loader
 * never creates files in a home directory that the command itself would leave alone.
 */
function saveCache(dir: string, file: string, data: Buffer): void {
  try {
    if (!statSync(dirname(dir)).isDirectory()) return;
    mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return;
  }
  try {
    const entries = readdirSync(dir);
    for (const name of entries) {
      if (name.endsWith('.bin') && !name.startsWith(`${PLATFORMCTL_BUNDLE_HASH}-`)) rmSync(join(dir, name), { force: true });
    }
    if (entries.filter((n) => n.startsWith(`${PLATFORMCTL_BUNDLE_HASH}-`)).length >= MAX_CACHES) return;
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, data, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, file);
  } catch {
    // A cache that cannot be written only costs the next run its speed.
  }
}

function runBundle(argv: readonly string[]): void {
  const bundle = fileURLToPath(new URL('./platformctl.cjs', PLATFORMCTL_LOADER_URL));
  // The bundle is ASCII (the bundler escapes everything else), so latin1 reads it as it is, fast.
  const source = readFileSync(bundle, 'latin1');
  const word = /^[a-z][a-z0-9-]{0,31}$/.test(argv[0] ?? '') ? argv[0] : '_';
  const dir = join(cacheDir(argv), 'v8');
  const file = join(dir, `${PLATFORMCTL_BUNDLE_HASH}-${word}.bin`);
  const own = readOwnFile(file);
  const cachedData = own ?? readIfPresent(`${bundle}.v8`);
  const script = new Script(source, { filename: bundle, ...(cachedData === undefined ? {} : { cachedData }) });
  if (own === undefined || script.cachedDataRejected === true) {
    process.once('exit', () => saveCache(dir, file, script.createCachedData()));
  }
  const wrapper = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
  const module = { exports: {} };
  wrapper.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

const argv = process.argv.slice(2);
if (isSmallCommand(argv)) void import(new URL('./main.js', PLATFORMCTL_LOADER_URL).href);
else runBundle(argv);
