#!/usr/bin/env node
// npm's pack and publish steps for this package (package.json: prepack, postpack, postpublish).
//
// The repository's package.json has `"prepare": "npm run build"`, so that `npm ci` in a checkout and
// `npm install git+...` build dist/. A packed package.json must not have it: the package is built
// already, and npm lists every dependency with a lifecycle script in a warning on each install
// ("install-scripts ... platformctl (prepare: npm run build)"), global installs included. So, as the
// `pinst` tool does for postinstall:
//
//   prepack      builds dist/ (npm runs no `prepare` once it is gone), writes the TypeDoc API
//                reference into docs/api/ (packed, not committed), then removes scripts.prepare from
//                package.json, keeping the file as it was in package.json.prepack-backup;
//   postpack     puts the original back, except during `npm publish`: publish reads package.json
//                again after packing and sends it to the registry as the version's manifest, which
//                installs read too, so there it stays stripped until
//   postpublish  puts it back.
//   restore      puts it back by hand (after a pack or publish that failed half-way).
//
// Usage: node scripts/pack.mjs prepack|postpack|postpublish|restore
// The package directory is the current one (npm runs lifecycle scripts there); the sources that
// build and document it are the checkout this script is in. PLATFORMCTL_PACK_SKIP_BUILD=1 skips the
// build (for a copy of a built tree, as test/e2e/package-install.test.ts packs).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('..', import.meta.url));
const pkgDir = process.cwd();
const manifest = join(pkgDir, 'package.json');
const backup = join(pkgDir, 'package.json.prepack-backup');

/** The package.json text without scripts.prepare, in the same layout (npm's two-space JSON). */
function withoutPrepare(text) {
  const pkg = JSON.parse(text);
  if (pkg.scripts === undefined || !Object.hasOwn(pkg.scripts, 'prepare')) return text;
  delete pkg.scripts.prepare;
  const indent = /^[{[]\r?\n([ \t]+)/.exec(text)?.[1] ?? 2;
  return `${JSON.stringify(pkg, null, indent)}\n`;
}

function restore() {
  if (!existsSync(backup)) return false;
  // A rename: package.json is either the stripped file or the original, never half of one.
  renameSync(backup, manifest);
  return true;
}

/** Runs a command in the source checkout, its output on our stderr (npm shows it on failure). */
function run(command, args) {
  execFileSync(command, args, { cwd: source, stdio: ['ignore', process.stderr, process.stderr] });
}

/** `npm run <script>` of the source checkout, with the npm that runs us when there is one. */
function npmRun(script) {
  const npmCli = process.env.npm_execpath;
  if (npmCli !== undefined && /\.[cm]?js$/.test(npmCli)) run(process.execPath, [npmCli, 'run', script]);
  else run('npm', ['run', script]);
}

function prepack() {
  // A pack or publish that failed after stripping left the backup: that is the real file.
  if (restore()) console.error('package.json: restored from package.json.prepack-backup (an earlier pack stopped half-way)');
  if (process.env.PLATFORMCTL_PACK_SKIP_BUILD !== '1') npmRun('build');
  const api = join(pkgDir, 'docs', 'api');
  rmSync(api, { recursive: true, force: true });
  run(process.execPath, [join(source, 'node_modules', 'typedoc', 'bin', 'typedoc'), '--options', join(source, 'typedoc.json'), '--out', api, '--logLevel', 'Warn']);
  if (!existsSync(join(api, 'index.html'))) throw new Error(`typedoc wrote no ${join(api, 'index.html')}`);
  const text = readFileSync(manifest, 'utf8');
  const stripped = withoutPrepare(text);
  if (stripped === text) return;
  writeFileSync(backup, text);
  writeFileSync(`${manifest}.tmp`, stripped);
  renameSync(`${manifest}.tmp`, manifest);
}

const step = process.argv[2];
if (step === 'prepack') prepack();
else if (step === 'postpack') {
  if (process.env.npm_command !== 'publish') restore();
} else if (step === 'postpublish' || step === 'restore') restore();
else {
  console.error('usage: node scripts/pack.mjs prepack|postpack|postpublish|restore');
  process.exit(2);
}
