#!/usr/bin/env node
// Bundles the CLI into dist/cli/ (see src/cli/startup/loader.ts for how they are used):
// - platformctl.cjs: the whole CLI as one CommonJS function expression, ASCII only, that the loader
//   compiles with V8's code cache; platformctl.cjs.v8: the cache of its top level, made here;
// - start.cjs: the loader (CommonJS, as bin/platformctl), with the bundle's hash;
// - platformctl-core.cjs (+ .v8): the same CLI for the everyday commands only (CORE_WORDS): the
//   other commands' run modules (and specs) are left out, which makes it about a third smaller, and
//   reading, deserializing and instantiating the bundle is most of what a command pays before its
//   request. The loader runs it when the command line starts with one of those words; a process
//   runs one command, so the two bundles never meet;
// - side-<name>.cjs: parts that few commands need (the local server, the X.509, JOSE, RE2, tar,
//   YAML and JSONPath libraries, the kustomize and Go template engines, port-forward, the schema
//   tables; see sideGroups), split out of both. Every run reads, deserializes and instantiates all
//   of its main bundle (esbuild hoists every function of it to its top level), about 1-1.5 ms per
//   100 kB on these machines; a side bundle is loaded when its import runs, also with a code cache.
// All bundles are minified, identifiers included (docs/performance.md, item 10).
// The SDK stays unbundled (dist/src/sdk).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

// Commander's eager `require('node:child_process')` is served by a shim that loads it on first use.
const childProcessOnDemand = {
  name: 'child-process-on-demand',
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: fileURLToPath(new URL('bundle-shims/child-process-on-demand.cjs', import.meta.url)) }
        : undefined);
  },
};

/**
 * Dynamic imports that leave the CommonJS bundle for a side bundle: a module path (relative to the
 * repository) or package name matched by `test`, imported with import() from outside the group. A
 * side bundle holds its own copies of the modules it shares with the main bundle, so a group must
 * be one that the rest reaches only through import() and whose classes (errors) the rest does not
 * test with instanceof except those the group itself exports; the build fails on a static import
 * of a group's module from outside it, except for a `lazy` group: data with no classes and no
 * state (the built-in schema tables), which the rest may import statically. Such an import becomes
 * a module of getters, one per export, that requires the side bundle on the first read, so the
 * tables cost nothing to a command that never reads them.
 */
const KUSTOMIZE_SHARED = new Set(['generate/hash.ts', 'model/json.ts', 'model/scope.ts', 'errors.ts'].map((p) => `src/sdk/kustomize/${p}`));
const PORT_FORWARD_MODULES = new Set([
  'streams/port-forward.ts', 'streams/port-forward-tunnel.ts', 'streams/tunnel-pool.ts', 'streams/tunneled-connection.ts',
  'streams/channel-connection.ts', 'streams/send-buffer.ts', 'pods/object-port-forward.ts', 'pods/healing-route.ts',
].map((p) => `src/sdk/${p}`));
const sideGroups = [
  { name: 'server', test: (p) => p.startsWith('src/server/') },
  { name: 'x509', test: (p) => p === '@peculiar/x509' },
  { name: 're2', test: (p) => p === 're2js' },
  { name: 'jose', test: (p) => p === 'jose' },
  { name: 'tar', test: (p) => p === 'tar-stream' },
  { name: 'yaml', test: (p) => p === 'js-yaml' },
  { name: 'jsonpath', test: (p) => p === 'jsonpath-plus' },
  { name: 'schema', test: (p) => p.startsWith('src/sdk/types/schema/builtin/'), lazy: true },
  // The kustomize engine and the Go template engine: their errors are branded (instanceof holds
  // across copies, src/sdk/types/class-brand.ts). The few small modules of kustomize that other
  // commands import (the name hash of `create`, the scope table) stay in the main bundle too.
  { name: 'kustomize', test: (p) => p.startsWith('src/sdk/kustomize/') && !KUSTOMIZE_SHARED.has(p) },
  { name: 'gotemplate', test: (p) => p.startsWith('src/printers/gotemplate/') },
  // Port-forward (the forward, its tunnel and per-connection sessions, the SPDY codec, the healing
  // route): reached only through import() of the SDK's pod streams and port-forward API.
  { name: 'portforward', test: (p) => PORT_FORWARD_MODULES.has(p) || p.startsWith('src/machinery/spdy/') },
];

/** The names a module exports (for the getters of a lazy group's static imports); once per module. */
const exportNamesOf = new Map();
function exportNames(key) {
  if (!exportNamesOf.has(key)) exportNamesOf.set(key, moduleExports(key));
  return exportNamesOf.get(key);
}

async function moduleExports(key) {
  const r = await build({
    stdin: { contents: `export * from ${JSON.stringify(`./${key}`)};`, resolveDir: repoRoot, loader: 'ts' },
    bundle: true, format: 'esm', platform: 'node', write: false, metafile: true, logLevel: 'warning', outfile: 'names.js',
  });
  return Object.values(r.metafile.outputs)[0].exports;
}
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The commands the core bundle runs (scripts/core-words.json): the everyday ones (the commands of
 * `bench/everyday.mjs`) and a few light ones typed as often. Each word adds its run modules to the core bundle (`create`
 * would add 100 kB).
 */
const CORE_WORDS = JSON.parse(readFileSync(new URL('core-words.json', import.meta.url), 'utf8'));

/**
 * For the core bundle: what a command outside CORE_WORDS loads (its spec from the command table,
 * its run modules from its specs) becomes a module that fails. The loader never runs those words
 * from the core bundle, so reaching one is a bug, reported as such.
 */
const leaveOutOtherCommands = {
  name: 'leave-out-other-commands',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const importer = relative(repoRoot, args.importer).split(sep).join('/');
      let word;
      if (importer === 'src/cli/commands/index.ts') word = /^\.\/([^/]+)\//.exec(args.path)?.[1];
      else word = /^src\/cli\/commands\/([^/]+)\/(?:.*\/)?spec\.ts$/.exec(importer)?.[1];
      if (word === undefined || CORE_WORDS.includes(word)) return undefined;
      return { path: word, namespace: 'not-in-core' };
    });
    b.onLoad({ filter: /.*/, namespace: 'not-in-core' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`internal error: "${args.path}" is not in the core bundle`)});`,
      loader: 'js',
    }));
  },
};

/** Where an import lands, as the groups name it: a repository path, else the package name. */
function groupKey(resolveDir, path) {
  if (!path.startsWith('.')) return path;
  const abs = join(resolveDir, path).replace(/\.js$/, '.ts');
  return relative(repoRoot, abs).split(sep).join('/');
}

/** The plugin for the main CommonJS bundle; collects, per group, the modules it hands to side bundles. */
function sideBundles(collected) {
  return {
    name: 'side-bundles',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.namespace === 'side') return undefined;
        const key = groupKey(args.resolveDir, args.path);
        const group = sideGroups.find((g) => g.test(key));
        if (group === undefined) return undefined;
        const importerKey = relative(repoRoot, args.importer).split(sep).join('/');
        if (group.test(importerKey)) return undefined;
        const lazy = args.kind !== 'dynamic-import';
        if (lazy && group.lazy !== true) throw new Error(`${importerKey}: static import of ${key}, which belongs to the side bundle "${group.name}"`);
        const keys = collected.get(group.name) ?? new Set();
        keys.add(key);
        collected.set(group.name, keys);
        return { path: `${group.name}:${key}`, namespace: lazy ? 'side-lazy' : 'side' };
      });
      b.onResolve({ filter: /^\.\/side-/, namespace: 'side-lazy' }, (args) => ({ path: args.path, external: true }));
      b.onLoad({ filter: /.*/, namespace: 'side-lazy' }, async (args) => {
        const [name, ...rest] = args.path.split(':');
        const key = rest.join(':');
        const names = await exportNames(key);
        return {
          contents: [
            `let loaded;`,
            `const load = () => (loaded ??= require('./side-${name}.cjs').modules[${JSON.stringify(key)}]);`,
            `Object.defineProperty(exports, '__esModule', { value: true });`,
            `for (const name of ${JSON.stringify(names)}) Object.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });`,
          ].join('\n'),
          loader: 'js',
        };
      });
      b.onResolve({ filter: /^\.\/side-/, namespace: 'side' }, (args) => ({ path: args.path, external: true }));
      b.onLoad({ filter: /.*/, namespace: 'side' }, (args) => {
        const [name, ...rest] = args.path.split(':');
        return { contents: `module.exports = require('./side-${name}.cjs').modules[${JSON.stringify(rest.join(':'))}];`, loader: 'js' };
      });
    },
  };
}

/** The entry of a side bundle: every module the main bundle asked for, by key. */
function sideEntry(keys) {
  const list = [...keys].sort();
  const imports = list.map((k, i) => `import * as m${i} from ${JSON.stringify(k.startsWith('src/') ? `./${k}` : k)};`);
  const table = list.map((k, i) => `${JSON.stringify(k)}: m${i}`).join(', ');
  return `${imports.join('\n')}\nexport const modules = { ${table} };\n`;
}

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = process.argv.includes('--external-deps');
const outDir = new URL('../dist/cli/', import.meta.url);
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const common = {
  entryPoints: ['src/cli/main.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: external ? 'external' : undefined,
  external: ['keytar'],
  logLevel: 'warning',
  plugins: [childProcessOnDemand],
};


// One function expression `(function (exports, require, module, __filename, __dirname) {...})`, so
// that vm.Script compiles the file as it is. import() is turned into require() (a script compiled
// from a code cache has no dynamic-import host), import.meta.url into the bundle's own URL.
const cjsFile = fileURLToPath(new URL('platformctl.cjs', outDir));
const sideModules = new Map();
// What the bundle and its side bundles share: CommonJS, import() as require(), the bundle's own URL.
const commonJs = {
  ...common,
  format: 'cjs',
  supported: { 'dynamic-import': false },
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: true,
  legalComments: 'external',
  define: { PLATFORMCTL_VERSION: JSON.stringify(version), 'import.meta.url': '__platformctlUrl' },
};
/** Every bundle is one function expression that the loader calls as CommonJS calls a module. */
const FUNCTION_BANNER = "(function (exports, require, module, __filename, __dirname) {'use strict';const __platformctlUrl = require('node:url').pathToFileURL(__filename).href;";

/**
 * esbuild leaves some characters of regular expressions and comments as they are; \u escapes mean
 * the same there, and an ASCII file is read as a one-byte string without decoding.
 */
function asciiOnly(text) {
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Builds one bundle file as a function expression (in memory), writes it as ASCII next to what
 * esbuild emitted with it (legal comments), and returns its text.
 */
async function functionBundle(file, options) {
  const result = await build({ ...commonJs, ...options, outfile: file, write: false, banner: { js: FUNCTION_BANNER }, footer: { js: '})' } });
  let text = '';
  for (const out of result.outputFiles) {
    if (out.path !== file) {
      writeFileSync(out.path, out.contents);
      continue;
    }
    text = asciiOnly(out.text);
    writeFileSync(file, text, 'latin1');
  }
  return text;
}

/** Builds one main bundle and the V8 cache of its top level; the side bundles' modules it asks for are collected. */
async function mainBundle(file, extraPlugins) {
  const text = await functionBundle(file, { plugins: [...common.plugins, ...extraPlugins, sideBundles(sideModules)] });
  writeFileSync(`${file}.v8`, new Script(text, { filename: file }).createCachedData());
  return text;
}

const fullText = await mainBundle(cjsFile, []);
const coreText = await mainBundle(fileURLToPath(new URL('platformctl-core.cjs', outDir)), [leaveOutOtherCommands]);
// Side bundles are function expressions too, compiled by the loader with a code cache of their own.
// In name order: esbuild resolves imports concurrently, so the map's order varies between builds,
// and the build hash below must not.
const sideTexts = [];
for (const [name, keys] of [...sideModules].sort(([a], [b]) => (a < b ? -1 : 1))) {
  sideTexts.push(await functionBundle(fileURLToPath(new URL(`side-${name}.cjs`, outDir)), {
    entryPoints: undefined,
    stdin: { contents: sideEntry(keys), resolveDir: repoRoot, sourcefile: `side-${name}-entry.js`, loader: 'ts' },
  }));
}
// One hash for the whole build, side bundles included: a command word always runs from the same
// main bundle, so its code caches (named by this hash and the word) belong to one set of files.
// V8 itself checks only a script's length, so a cache must never outlive a change of its source.
const hash = [fullText, coreText, ...sideTexts].reduce((h, text) => h.update(text).update('\0'), createHash('sha256')).digest('hex').slice(0, 16);
await build({
  entryPoints: ['src/cli/startup/loader.ts'],
  outfile: 'dist/cli/start.cjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // Every run compiles the loader from source (it has no code cache of its own): less to parse.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  define: {
    PLATFORMCTL_BUNDLE_HASH: JSON.stringify(hash),
    PLATFORMCTL_LOADER_URL: '__platformctlLoaderUrl',
    PLATFORMCTL_CORE_WORDS: JSON.stringify(CORE_WORDS),
  },
  banner: { js: "'use strict';const __platformctlLoaderUrl = require('node:url').pathToFileURL(__filename).href;" },
});
