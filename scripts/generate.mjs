#!/usr/bin/env node
// Regenerates the committed completions/ and man/ files (and package.json's "man" list) from the
// command specs of the built CLI (dist/src, the tsc output), and the SDK's interfaces of the
// built-in kinds (src/sdk/types/generated/) from the schema tables. Run `npm run build` first, or
// use `npm run generate`, which builds. Stale files (of removed commands or packages) are deleted.
// Usage: node scripts/generate.mjs [--check]   (--check: only report differences, exit 1 if any)
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
const entry = join(root, 'dist/src/cli/man/generated-files.js');
const interfacesEntry = join(root, 'dist/src/sdk/types/schema/generate-interfaces.js');
for (const file of [entry, interfacesEntry]) {
  if (!existsSync(file)) {
    console.error(`error: ${file} not found: run "npm run build" first`);
    process.exit(1);
  }
}
const { generateFiles } = await import(entry);
const { files, manList } = await generateFiles();
const { GENERATED_INTERFACES_DIR, generateInterfaceFiles } = await import(interfacesEntry);
for (const [rel, text] of generateInterfaceFiles()) files.set(rel, text);

const changed = [];
for (const [rel, text] of files) {
  const file = join(root, rel);
  const old = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (old === text) continue;
  changed.push(rel);
  if (!check) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}
for (const dir of ['man', 'completions', GENERATED_INTERFACES_DIR]) {
  const abs = join(root, dir);
  if (!existsSync(abs)) continue;
  for (const name of readdirSync(abs)) {
    const rel = `${dir}/${name}`;
    if (files.has(rel) || name.startsWith('.')) continue;
    changed.push(`${rel} (stale)`);
    if (!check) rmSync(join(root, rel));
  }
}
const pkgFile = join(root, 'package.json');
const pkgText = readFileSync(pkgFile, 'utf8');
const pkg = JSON.parse(pkgText);
if (JSON.stringify(pkg.man) !== JSON.stringify(manList)) {
  changed.push('package.json (man)');
  if (!check) {
    pkg.man = manList;
    writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  }
}
if (changed.length === 0) console.log(`generate: ${files.size} files up to date`);
else console.log(`generate: ${check ? 'out of date' : 'wrote'}: ${changed.join(', ')}`);
process.exitCode = check && changed.length > 0 ? 1 : 0;
