/**
 * The protobuf field numbers (and message names) of the schema tables are those of the published
 * generated.proto of Kubernetes 1.32: test/fixtures/protobuf-field-numbers.json, extracted by
 * scripts/protobuf-field-numbers.mjs (see test/fixtures/README.md). Every table is walked and
 * every mismatch reported at once, and no published field may be missing from the tables. The
 * fixture keeps the published protobuf field names, which are the JSON names but for the few in
 * PROTO_NAMES.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SCHEMA_NAME_PREFIX } from '../../../../../src/sdk/naming.js';
import { builtinStructs } from '../../../../../src/sdk/types/schema/builtin/structs.js';

interface Fixture {
  source: string;
  license: string;
  messages: Record<string, Record<string, number>>;
}

const fixture = JSON.parse(readFileSync(fileURLToPath(new URL('../../../../../../test/fixtures/protobuf-field-numbers.json', import.meta.url)), 'utf8')) as Fixture;

/**
 * Fields the tables have and the published 1.32 messages do not, each with why. Their numbers are
 * the ones later releases publish, so that our protobuf stays what a newer server sends.
 */
const NOT_PUBLISHED: Readonly<Record<string, string>> = {
};

/**
 * Fields whose protobuf name is not their JSON name: go-to-protobuf names a field after its Go name
 * where the JSON tag cannot be a protobuf identifier (`$ref`, `x-...`) or was not used (`Webhooks`,
 * `aPIGroup`, `uID`), and our `x-platform-*` extensions stand where `x-kubernetes-*` are.
 */
const PROTO_NAMES: Readonly<Record<string, string>> = {
  'MutatingWebhookConfiguration.webhooks': 'Webhooks',
  'ValidatingWebhookConfiguration.webhooks': 'Webhooks',
  'JSONSchemaProps.$schema': 'schema',
  'JSONSchemaProps.$ref': 'ref',
  'JSONSchemaProps.x-platform-preserve-unknown-fields': 'xKubernetesPreserveUnknownFields',
  'JSONSchemaProps.x-platform-embedded-resource': 'xKubernetesEmbeddedResource',
  'JSONSchemaProps.x-platform-int-or-string': 'xKubernetesIntOrString',
  'JSONSchemaProps.x-platform-list-map-keys': 'xKubernetesListMapKeys',
  'JSONSchemaProps.x-platform-list-type': 'xKubernetesListType',
  'JSONSchemaProps.x-platform-map-type': 'xKubernetesMapType',
  'JSONSchemaProps.x-platform-validations': 'xKubernetesValidations',
  'IngressClassParametersReference.apiGroup': 'aPIGroup',
  'BoundObjectReference.uid': 'uID',
};

/** `io.platform.api.core.v1.Pod` → `k8s.io.api.core.v1.Pod` (Go's module path as protobuf spells it). */
function publishedName(name: string): string {
  return `k8s.io.${name.slice(SCHEMA_NAME_PREFIX.length + 1)}`.replace('apiextensions-apiserver', 'apiextensions_apiserver');
}

test('the fixture says where it comes from', () => {
  assert.match(fixture.source, /v0\.32\./);
  assert.match(fixture.license, /Apache-2\.0/);
});

test('every field number and message name of the schema tables is the published one', () => {
  const structs = builtinStructs();
  const problems: string[] = [];
  const allowed = new Set<string>();
  for (const schema of structs) {
    const name = schema.name ?? '';
    const published = fixture.messages[publishedName(name)];
    const type = name.split('.').pop() ?? '';
    if (published === undefined) {
      problems.push(`${type}: no published message ${publishedName(name)}`);
      continue;
    }
    const byNumber = new Map<number, string>();
    for (const [field, facts] of Object.entries(schema.members ?? {})) {
      const where = `${publishedName(name)}.${field}`;
      const number = published[PROTO_NAMES[`${type}.${field}`] ?? field];
      if (facts.proto === 0) {
        if (number !== undefined) problems.push(`${where}: not on the wire in the table, ${number} published`);
        continue;
      }
      const other = byNumber.get(facts.proto);
      if (other !== undefined) problems.push(`${where}: number ${facts.proto} also used by ${other}`);
      byNumber.set(facts.proto, field);
      if (number === undefined) {
        if (Object.hasOwn(NOT_PUBLISHED, where)) allowed.add(where);
        else problems.push(`${where}: ${facts.proto} in the table, not in the published message`);
      } else if (number !== facts.proto) {
        problems.push(`${where}: ${facts.proto} in the table, ${number} published`);
      }
    }
    for (const inlined of schema.inlined ?? []) {
      const field = Object.entries(published).find(([, n]) => n === inlined.proto)?.[0];
      const inner = inlined.schema.name?.split('.').pop() ?? '';
      if (field === undefined || Object.hasOwn(schema.members ?? {}, field)) {
        problems.push(`${publishedName(name)}: inlined ${inner} as ${inlined.proto}, which the published message has ${field === undefined ? 'not' : `for ${field}`}`);
      }
    }
  }
  assert.deepEqual(problems, [], `${problems.length} mismatches`);
  assert.deepEqual(Object.keys(NOT_PUBLISHED).filter((k) => !allowed.has(k)), [], 'allow-listed fields the tables no longer have');
  assert.ok(structs.length > 300, `only ${structs.length} structs walked`);
});

test('the schema tables describe every field of the published messages they stand for', () => {
  const missing: string[] = [];
  for (const schema of builtinStructs()) {
    const name = schema.name ?? '';
    const type = name.split('.').pop() ?? '';
    const published = fixture.messages[publishedName(name)] ?? {};
    const described = new Set(Object.keys(schema.members ?? {}).map((field) => PROTO_NAMES[`${type}.${field}`] ?? field));
    const inlined = new Set((schema.inlined ?? []).map((i) => i.proto));
    for (const [field, number] of Object.entries(published)) {
      if (!described.has(field) && !inlined.has(number)) missing.push(`${publishedName(name)}.${field} (${number})`);
    }
  }
  assert.deepEqual(missing, [], 'published fields the tables (and so the SDK\'s interfaces) lack');
});
