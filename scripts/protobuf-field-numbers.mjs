#!/usr/bin/env node
// Extracts test/fixtures/protobuf-field-numbers.json (message -> field name -> field number) from
// the published generated.proto files of the Kubernetes release the project follows, for the test
// that checks the schema tables' protobuf field numbers (test/unit/sdk/types/schema/protobuf-field-numbers.test.ts).
// The inputs are git clones of github.com/kubernetes/api, kubernetes/apimachinery and
// kubernetes/apiextensions-apiserver (Apache-2.0); files are read at a tag with `git show`.
// Usage: node scripts/protobuf-field-numbers.mjs --api DIR --apimachinery DIR --apiextensions DIR [--ref v0.32.13]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : args[i + 1];
};
const ref = option('--ref', 'v0.32.13');
const repos = { api: option('--api'), apimachinery: option('--apimachinery'), apiextensions: option('--apiextensions') };
for (const [name, dir] of Object.entries(repos)) {
  if (dir === undefined) {
    console.error(`error: --${name} DIR (a git clone of the ${name} repository) is required`);
    process.exit(1);
  }
}

// The packages the schema tables (src/sdk/types/schema/builtin/) describe.
const FILES = [
  ...['admissionregistration/v1', 'admissionregistration/v1beta1', 'apps/v1', 'authentication/v1', 'authentication/v1beta1',
    'authorization/v1', 'autoscaling/v1', 'autoscaling/v2', 'batch/v1', 'certificates/v1', 'coordination/v1', 'core/v1',
    'discovery/v1', 'networking/v1', 'node/v1', 'policy/v1', 'policy/v1beta1', 'rbac/v1', 'scheduling/v1', 'storage/v1',
  ].map((pkg) => ['api', `${pkg}/generated.proto`]),
  ...['pkg/apis/meta/v1', 'pkg/runtime', 'pkg/api/resource', 'pkg/util/intstr'].map((pkg) => ['apimachinery', `${pkg}/generated.proto`]),
  ['apiextensions', 'pkg/apis/apiextensions/v1/generated.proto'],
];

/** message name -> { field name: number }, for the top-level messages of one .proto file. */
function parseProto(text) {
  const pkg = /^package ([\w.]+);/m.exec(text)?.[1];
  if (pkg === undefined) throw new Error('no package statement');
  const messages = {};
  let current;
  let depth = 0;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (line === '') continue;
    const open = /^message (\w+) \{$/.exec(line);
    if (open !== null) {
      if (depth === 0) messages[`${pkg}.${open[1]}`] = current = {};
      depth++;
      continue;
    }
    if (line === '}') {
      depth--;
      if (depth === 0) current = undefined;
      continue;
    }
    const field = /^(?:optional |repeated |required )?(?:map<[\w.]+, ?[\w.]+>|[\w.]+) (\w+) = (\d+)/.exec(line);
    if (field !== null && depth === 1 && current !== undefined) current[field[1]] = Number(field[2]);
  }
  return messages;
}

const messages = {};
for (const [repo, path] of FILES) {
  const text = execFileSync('git', ['-C', repos[repo], 'show', `${ref}:${path}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
  Object.assign(messages, parseProto(text));
}
const sorted = Object.fromEntries(Object.entries(messages).sort(([a], [b]) => a.localeCompare(b)));
const fixture = {
  source: `generated.proto of github.com/kubernetes/api, kubernetes/apimachinery and kubernetes/apiextensions-apiserver at tag ${ref} (Kubernetes 1.32), extracted by scripts/protobuf-field-numbers.mjs`,
  license: 'Apache-2.0 (Copyright The Kubernetes Authors); only message names, field names and field numbers are kept',
  messages: sorted,
};
// One message a line: small diffs when the release changes.
const body = Object.entries(sorted).map(([name, fields]) => `    ${JSON.stringify(name)}: ${JSON.stringify(fields)}`).join(',\n');
const text = `{\n  "source": ${JSON.stringify(fixture.source)},\n  "license": ${JSON.stringify(fixture.license)},\n  "messages": {\n${body}\n  }\n}\n`;
JSON.parse(text);
const out = join(root, 'test/fixtures/protobuf-field-numbers.json');
writeFileSync(out, text);
console.log(`protobuf-field-numbers: ${Object.keys(sorted).length} messages written to ${out}`);
