#!/usr/bin/env node
// Bundles the CLI into dist/cli/ (see src/cli/bundle-loader.ts for how they are used):
// - platformctl.cjs: the whole CLI as one CommonJS function expression, ASCII only, that the loader
//   compiles with V8's code cache; platformctl.cjs.v8: the cache of its top level, made here;
// - main.js and chunks/: the same CLI as ES modules code-split at every dynamic import, for the
//   smallest commands (`version --client`, completion), whose import graph is smaller than the
//   whole bundle's cache;
// - start.cjs: the loader (CommonJS, as bin/platformctl), with the bundle's hash.
// The SDK stays unbundled (dist/src/sdk).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
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

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = process.argv.includes('--external-deps');
const outDir = new URL('../dist/cli/', import.meta.url);
rmSync(outDir, { recursive: true, force: true });

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

await build({
  ...common,
  outdir: 'dist/cli',
  splitting: true,
  format: 'esm',
  chunkNames: 'chunks/[name]-[hash]',
  define: { PLATFORMCTL_VERSION: JSON.stringify(version) },
  // Bundled CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __platformctlCreateRequire } from 'node:module'; const require = __platformctlCreateRequire(import.meta.url);" },
});

// One function expression `(function (exports, require, module, __filename, __dirname) {...})`, so
// that vm.Script compiles the file as it is. import() is turned into require() (a script compiled
// from a code cache has no dynamic-import host), import.meta.url into the bundle's own URL.
const cjsFile = fileURLToPath(new URL('platformctl.cjs', outDir));
const result = await build({
  ...common,
  outfile: cjsFile,
  format: 'cjs',
  write: false,
  supported: { 'dynamic-import': false },
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'external',
  define: { PLATFORMCTL_VERSION: JSON.stringify(version), 'import.meta.url': '__platformctlUrl' },
  banner: { js: "(function (exports, require, module, __filename, __dirname) {'use strict';const __platformctlUrl = require('node:url').pathToFileURL(__filename).href;" },
  footer: { js: '})' },
});
for (const file of result.outputFiles) {
  if (file.path !== cjsFile) {
    writeFileSync(file.path, file.contents);
    continue;
  }
  // esbuild leaves some characters of regular expressions and comments as they are; \u escapes
  // mean the same there, and an ASCII file is read as a one-byte string without decoding.
  const ascii = file.text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  writeFileSync(cjsFile, ascii, 'latin1');
  const hash = createHash('sha256').update(ascii).digest('hex').slice(0, 16);
  writeFileSync(`${cjsFile}.v8`, new Script(ascii, { filename: cjsFile }).createCachedData());
  await build({
    entryPoints: ['src/cli/bundle-loader.ts'],
    outfile: 'dist/cli/start.cjs',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
    define: { PLATFORMCTL_BUNDLE_HASH: JSON.stringify(hash), PLATFORMCTL_LOADER_URL: '__platformctlLoaderUrl' },
    banner: { js: "'use strict';const __platformctlLoaderUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
}
