/**
 * The SDK's interfaces of the built-in kinds are generated from the schema tables (one source):
 * the committed files under src/sdk/types/generated/ are exactly what the tables give today, every
 * field of every table is in its interface with the table's optionality, and no hand-written file
 * declares a type the generator owns. When the first test fails, run `npm run generate` and commit.
 * The compile-time half (hand-kept types against the generated ones) is test/types/generated-interfaces.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATED_INTERFACES_DIR, generateInterfaceFiles, isListOfKind } from '../../../../../src/sdk/types/schema/generate-interfaces.js';
import { fieldFacts, type StructSchema } from '../../../../../src/sdk/types/schema/index.js';
import { builtinStructs } from '../../../../../src/sdk/types/schema/builtin/structs.js';

const root = fileURLToPath(new URL('../../../../../../', import.meta.url));
const HINT = 'the generated interfaces are stale: run `npm run generate` and commit src/sdk/types/generated/';

/** Hand-written types that keep a generated name on purpose (each explained where it is declared). */
const HAND_KEPT = new Set(['TokenRequest', 'WatchEvent']);

test('src/sdk/types/generated/ is what the schema tables generate', () => {
  const files = generateInterfaceFiles();
  const stale: string[] = [];
  for (const [rel, text] of files) {
    const file = join(root, rel);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) stale.push(rel);
  }
  for (const name of readdirSync(join(root, GENERATED_INTERFACES_DIR))) {
    if (!files.has(`${GENERATED_INTERFACES_DIR}/${name}`)) stale.push(`${GENERATED_INTERFACES_DIR}/${name} (no longer generated)`);
  }
  assert.deepEqual(stale, [], `${HINT}\ndiffering: ${stale.join(', ')}`);
});

/** The members of `export type <type> = {...}` in the committed text: name → optional. */
function committedMembers(type: string, text: string): Map<string, boolean> | undefined {
  const start = text.indexOf(`\nexport type ${type} = {\n`);
  if (start < 0) return undefined;
  const body = text.slice(start, text.indexOf('\n};\n', start));
  const members = new Map<string, boolean>();
  for (const m of body.matchAll(/^ {2}('[^']+'|[\w$]+)(\??): /gm)) members.set((m[1] ?? '').replace(/^'|'$/g, ''), m[2] === '?');
  return members;
}

function committedText(schema: StructSchema): { type: string; text: string } {
  const parts = (schema.name ?? '').split('.');
  const type = parts.pop() ?? '';
  const file = join(root, GENERATED_INTERFACES_DIR, `${parts.slice(-2).join('-')}.ts`);
  return { type, text: existsSync(file) ? readFileSync(file, 'utf8') : '' };
}

test('every field of every built-in kind is in its committed interface, optional unless the table requires it', () => {
  const problems: string[] = [];
  const structs = builtinStructs();
  for (const schema of structs) {
    // A kind's list is the one generic `ObjectList<T>`: its table must have exactly that shape.
    if (isListOfKind(schema)) {
      const fields = Object.keys(schema.fields).sort().join(',');
      if (fields !== 'apiVersion,items,kind,metadata' || fieldFacts(schema, 'items')?.required !== true) problems.push(`${schema.name ?? ''}: not the shape of ObjectList (${fields})`);
      continue;
    }
    const { type, text } = committedText(schema);
    const names = Object.keys(schema.fields);
    const members = names.length === 0 ? new Map<string, boolean>() : committedMembers(type, text);
    if (members === undefined) {
      problems.push(`${schema.name ?? type}: no interface`);
      continue;
    }
    for (const name of names) {
      const optional = members.get(name);
      const required = fieldFacts(schema, name)?.required === true;
      if (optional === undefined) problems.push(`${type}.${name}: missing`);
      else if (optional === required) problems.push(`${type}.${name}: ${required ? 'required' : 'optional'} in the table, not in the interface`);
    }
    for (const name of members.keys()) if (!names.includes(name)) problems.push(`${type}.${name}: not in the table`);
  }
  assert.deepEqual(problems, []);
  assert.ok(structs.length > 300, `only ${structs.length} structs checked`);
});

test('no hand-written SDK type redeclares a generated one', () => {
  const generated = new Set<string>();
  for (const text of generateInterfaceFiles().values()) {
    for (const m of text.matchAll(/^export (?:interface|type) (\w+)/gm)) generated.add(m[1] ?? '');
  }
  const dir = join(root, 'src/sdk/types');
  const redeclared: string[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
    for (const m of readFileSync(join(dir, name), 'utf8').matchAll(/^export (?:interface|type) (\w+)/gm)) {
      const type = m[1] ?? '';
      if (generated.has(type) && !HAND_KEPT.has(type)) redeclared.push(`${name}: ${type}`);
    }
  }
  assert.deepEqual(redeclared, [], 're-export the generated interface instead (export type { X } from ./generated/...)');
});
