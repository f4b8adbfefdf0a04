#!/usr/bin/env node
// Bundles the CLI into dist/cli/ (ESM, code-split at every dynamic import). Start-up cost in Node is
// dominated by the number of modules loaded, so one bundle per lazily loaded command keeps
// `version --client` and `__complete` near bare Node. The SDK stays unbundled (dist/src/sdk).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
rmSync(new URL('../dist/cli', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: ['src/cli/main.ts'],
  outdir: 'dist/cli',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: external ? 'external' : undefined,
  external: ['keytar'],
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  plugins: [childProcessOnDemand],
  define: { PLATFORMCTL_VERSION: JSON.stringify(version) },
  // Bundled CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __platformctlCreateRequire } from 'node:module'; const require = __platformctlCreateRequire(import.meta.url);" },
});
