/**
 * Start-up of the built CLI (`dist/cli/start.cjs`, what `bin/platformctl` requires; both are
 * CommonJS, so that a command run from the bundle never starts Node's ES module loader).
 *
 * Node 20 has no compile cache for ES modules: every run re-parses each module it loads and pays
 * the ESM loader's per-module resolution. Every command therefore runs from one CommonJS bundle of
 * the CLI (`platformctl.cjs`, without the parts few commands need: those are side bundles it
 * requires when needed) compiled through `vm.Script` with V8's code cache, which skips parsing and
 * most compiling:
 *
 * - the build ships a cache of the bundle's top level (`platformctl.cjs.v8`), made by the Node
 *   that built it, so that even a first run does not parse all of the bundle;
 * - after a run of command `<word>`, the bundle's code as that run compiled it is kept in
 *   `<cache dir>/v8/<bundle hash>-v8_<V8 version>-<word>.bin` once the cache dir exists (0600 in a 0700
 *   directory; read only when it is a regular file of this user that nobody else can write, and
 *   never from a symbolic link), so later runs of the same command
 *   start with everything they need compiled. V8 itself refuses a cache of another V8 version,
 *   other flags or another source length; the bundle hash in the name ties it to this build, and
 *   caches of other builds are removed when a new one is written, except those of the two other
 *   builds used most recently (two installs used in turn, or the two sides of an A/B benchmark,
 *   would otherwise delete each other's caches on every run).
 *
 * Side bundles (`side-NAME.cjs`, what few commands need, required where the source says
 * import()) are function expressions too, and run the same way, with a cache per command word
 * (`<bundle hash>-v8_<V8 version>-<word>.<NAME>.bin`): compiled from source on every use, js-yaml and the schema
 * tables cost `apply -f` more than they saved.
 *
 * The everyday commands (get, describe, apply, delete, auth, config, version...) run from a second
 * bundle of the same CLI without the other commands (`platformctl-core.cjs`): a process runs one
 * command, so it loads one of the two, chosen by the command word (the first argument past the
 * global flags, `command-word.ts`: `-n demo get pods` runs `get`); the cache file of a word
 * belongs to the one bundle that word runs from.
 *
 * Since the side bundles halved the main one, even `version --client` and shell completion, which
 * used to run from a code-split ES module build, are faster from it (measured: 63 against 80 ms
 * CPU and 83 against 151 ms for `__complete get ''`), so there is no other build.
 */
// eslint-disable-next-line no-restricted-imports -- the build's own bundle files, and cache files read after a size check
import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { CACHE_DIR_NAME, HOME_DIR_NAME } from '../../sdk/naming.js';
import { commandWord } from './command-word.js';
import { GLOBAL_FLAG_SPECS } from '../flags/global-flag-specs.js';
import { HELPER_ENV, HELPER_SERVE_WORD } from './helper/words.js';

// Replaced by the bundler (scripts/bundle.mjs): the first 16 hex digits of the bundle's SHA-256,
// and this file's URL (the loader is built as CommonJS, which has no import.meta).
declare const PLATFORMCTL_BUNDLE_HASH: string;
declare const PLATFORMCTL_LOADER_URL: string;
// The command words the core bundle (platformctl-core.cjs) runs; scripts/bundle.mjs names them.
declare const PLATFORMCTL_CORE_WORDS: readonly string[];

const MAX_CACHE_BYTES = 64 * 1024 * 1024;
/** Caches kept per build at most (one per command word and side bundle it used), so that typos cannot fill the disk. */
const MAX_CACHES = 96;
/**
 * The V8 a cache was made by, in its file name: V8 refuses another version's cache, so a user who
 * runs the same install under two Node lines (nvm, CI matrices) keeps one cache per line instead
 * of each run throwing the other's away and writing its own.
 */
const V8_KEY = `v8_${process.versions.v8.replace(/[^0-9a-z.]/gi, '_')}`;

/** Other builds whose caches are kept (the most recently written ones). */
const OTHER_BUILDS_KEPT = 2;

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
 * Writes the cache atomically (0600, directory 0700) and removes caches of builds other than this
 * one and the {@link OTHER_BUILDS_KEPT} used most recently. Only into
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
    removeOldBuilds(dir, entries);
    if (entries.filter((n) => n.startsWith(`${PLATFORMCTL_BUNDLE_HASH}-`)).length >= MAX_CACHES) return;
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, data, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, file);
  } catch {
    // A cache that cannot be written only costs the next run its speed.
  }
}

/** The build a cache file belongs to (its name's hash), when it is another build's. */
function otherBuild(name: string): string | undefined {
  const build = /^([0-9a-f]{16})-.*\.bin$/.exec(name)?.[1];
  return build === PLATFORMCTL_BUNDLE_HASH ? undefined : build;
}

/** Removes the caches of all builds but this one and the most recently written others. */
function removeOldBuilds(dir: string, entries: readonly string[]): void {
  const newest = new Map<string, number>();
  for (const name of entries) {
    const build = otherBuild(name);
    if (build === undefined) continue;
    try {
      newest.set(build, Math.max(newest.get(build) ?? 0, statSync(join(dir, name)).mtimeMs));
    } catch {
      // Gone meanwhile.
    }
  }
  const kept = new Set([...newest].sort((a, b) => b[1] - a[1]).slice(0, OTHER_BUILDS_KEPT).map(([build]) => build));
  for (const name of entries) {
    const build = otherBuild(name);
    if (build !== undefined && !kept.has(build)) rmSync(join(dir, name), { force: true });
  }
}

/**
 * The bundle that runs `word`: the core bundle for the everyday commands (a third smaller, so
 * faster to read, deserialize and instantiate), else the whole CLI.
 */
function bundleFor(word: string): string {
  const name = PLATFORMCTL_CORE_WORDS.includes(word) || word === HELPER_SERVE_WORD ? 'platformctl-core.cjs' : 'platformctl.cjs';
  return fileURLToPath(new URL(`./${name}`, PLATFORMCTL_LOADER_URL));
}

/** What a bundle file evaluates to: a function expression called as CommonJS calls a module. */
type BundleFunction = (exports: object, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void;

/**
 * Runs one bundle file (the main bundle or a side bundle, each a function expression) compiled
 * with its code cache: the user's cache `cacheFile` when there is a usable one, else the cache the
 * build shipped next to the file, if any. A cache that is missing or that V8 refused is written
 * at exit, as the code ran. Returns the module's exports.
 */
function runBundleFile(file: string, cacheFile: string, requireFn: NodeJS.Require): unknown {
  // Bundles are ASCII (the bundler escapes everything else), so latin1 reads them as they are, fast.
  const source = readFileSync(file, 'latin1');
  const own = readOwnFile(cacheFile);
  const cachedData = own ?? readIfPresent(`${file}.v8`);
  const script = new Script(source, { filename: file, ...(cachedData === undefined ? {} : { cachedData }) });
  if (own === undefined || script.cachedDataRejected === true) {
    process.once('exit', () => saveCache(dirname(cacheFile), cacheFile, script.createCachedData()));
  }
  const fn = script.runInThisContext() as BundleFunction;
  const module = { exports: {} as unknown };
  fn.call(module.exports, module.exports as object, requireFn, module, file, dirname(file));
  return module.exports;
}

function runBundle(argv: readonly string[], word: string): void {
  const bundle = bundleFor(word);
  const dir = join(cacheDir(argv), 'v8');
  // Side bundles (`./side-NAME.cjs`, required where the source says import()) run with a code
  // cache of their own per command word, like the main bundle; anything else is this loader's
  // require(), which resolves from the bundles' directory (keytar, Node's modules): node:module's
  // createRequire would load Node's ES module loader for nothing.
  const sides = new Map<string, unknown>();
  const loaderRequire: NodeJS.Require = require;
  const bundleRequire = ((id: string): unknown => {
    const side = /^\.\/side-([a-z0-9]+)\.cjs$/.exec(id)?.[1];
    if (side === undefined) return loaderRequire(id);
    if (!sides.has(side)) {
      const file = join(dirname(bundle), `side-${side}.cjs`);
      sides.set(side, runBundleFile(file, join(dir, `${PLATFORMCTL_BUNDLE_HASH}-${V8_KEY}-${word}.${side}.bin`), require));
    }
    return sides.get(side);
  }) as NodeJS.Require;
  runBundleFile(bundle, join(dir, `${PLATFORMCTL_BUNDLE_HASH}-${V8_KEY}-${word}.bin`), bundleRequire);
}

/**
 * `bin/platformctl`, run by sh, moves `NODE_EXTRA_CA_CERTS` to this name when the helper is on:
 * Node 20 reads that file (~40 ms) as it starts, which a process that only hands its command to
 * the helper need not pay. The loader puts the variable back at once, so everything sees the
 * environment as the user set it; a command that must run here after all runs in a new Node
 * process that reads the file as usual ({@link runInNewNode}).
 */
const MOVED_EXTRA_CA_ENV = 'PLATFORM_NODE_EXTRA_CA_CERTS';

/** Whether `NODE_EXTRA_CA_CERTS` was moved out of Node's way (and is now back in `process.env`). */
function restoreExtraCa(): boolean {
  const moved = process.env[MOVED_EXTRA_CA_ENV];
  if (moved === undefined) return false;
  delete process.env[MOVED_EXTRA_CA_ENV];
  process.env.NODE_EXTRA_CA_CERTS = moved;
  return true;
}

/**
 * Runs the command in a new Node process with the user's environment (without the helper, which
 * was just found unable to run it) and passes its exit status on. Ctrl-C is the child's alone: it
 * is in this process's group, so the terminal delivers it there, and passing it on as well would
 * be a second interrupt (which exits at once, skipping the command's summary). A SIGTERM names
 * this process only, so it is passed on.
 */
function runInNewNode(argv: readonly string[]): void {
  const { spawn } = process.getBuiltinModule('node:child_process');
  const env = { ...process.env };
  delete env[HELPER_ENV];
  const child = spawn(process.execPath, [fileURLToPath(PLATFORMCTL_LOADER_URL), ...argv], { stdio: 'inherit', env });
  const leaveToChild = (): void => undefined;
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  process.on('SIGINT', leaveToChild);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => {
    process.off('SIGINT', leaveToChild);
    process.off('SIGTERM', forward);
    if (signal !== null) process.kill(process.pid, signal);
    else process.exitCode = code ?? 1;
  });
}

/**
 * Runs the command line: through the resident helper when `PLATFORM_HELPER` is set (helper/route.ts
 * decides, and is loaded only then), else from the bundle in this process.
 */
function main(argv: readonly string[]): void {
  const extraCaMoved = restoreExtraCa();
  const serving = argv[0] === HELPER_SERVE_WORD;
  const word = serving ? HELPER_SERVE_WORD : (commandWord(argv, GLOBAL_FLAG_SPECS) ?? '_');
  const runHere = (): void => (extraCaMoved ? runInNewNode(argv) : runBundle(argv, word));
  const setting = process.env[HELPER_ENV];
  if (serving || setting === undefined || setting === '') {
    runHere();
    return;
  }
  void import('./helper/route.js').then(({ routeThroughHelper }) => routeThroughHelper(argv, word, setting, fileURLToPath(PLATFORMCTL_LOADER_URL), PLATFORMCTL_BUNDLE_HASH, runHere));
}

main(process.argv.slice(2));
