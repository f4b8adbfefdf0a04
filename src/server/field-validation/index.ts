/**
 * Field validation of write requests (`fieldValidation=Strict|Warn|Ignore`, Warn when absent, as
 * on a real API server): bodies are decoded into their kind's type (built-in kinds by their type
 * schema, custom resources by their CRD's structural schema), values of the wrong type are
 * refused in Go's words whatever the directive, and unknown or duplicate fields are dropped and
 * then refused (Strict), reported in `Warning` headers (Warn) or ignored (Ignore).
 *
 * @packageDocumentation
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { GROUPS } from '../../sdk/naming.js';
import { OBJECT_META, builtinSchema, type StructSchema } from '../../sdk/types/schema/index.js';
import { addWarning, type RequestRecord } from '../audit/request-scope.js';
import { badRequest, type ApiError } from '../errors.js';
import { goFormat } from '../../machinery/json/values.js';
import type { GVK, ResourceDef } from '../registry/types.js';
import { pruneUnknownFields } from '../schema-validation/index.js';
import { asObject, asString } from '../util/json.js';
import { fieldError, invalid } from '../validation/field-errors.js';
import { goDecode } from '../../machinery/schema/go-decode.js';
import { duplicateFields, yamlDuplicateKey, type DuplicateKey } from './duplicates.js';
import { nonFiniteMessage, nonFiniteNumber, showJson } from '../../machinery/json-numbers.js';
import { parseApiVersion } from '../../machinery/group-version.js';

/**
 * Decodes `obj` as a value of the built-in struct `schema` as the API server's Go decoder does
 * (fields matched exactly; the unknown ones dropped and listed as strict field validation names
 * them), with Go's first decoding error. `hugeText` and `fromUnstructured` as in GoDecodeOptions.
 */
export function decodeTyped(obj: JsonObject, schema: StructSchema, hugeText?: string, fromUnstructured = false): { value: JsonObject; unknownFields: string[]; error?: string } {
  const r = goDecode(obj, schema, { unknownFields: 'collect', hugeText, fromUnstructured });
  return { ...r, value: asObject(r.value) ?? {} };
}

/** The field validation directive of a write. */
export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

const SUPPORTED = ['', 'Ignore', 'Strict', 'Warn'];

/** `fieldValidation` of the query: Warn when absent or empty; 422 for other values (ValidateCreateOptions' words). */
export function parseFieldValidation(query: URLSearchParams, optionsKind: string): FieldValidation {
  const value = query.get('fieldValidation') ?? '';
  if (!SUPPORTED.includes(value)) {
    throw invalid({ group: GROUPS.meta, kind: optionsKind }, '', [fieldError.notSupported('fieldValidation', value, SUPPORTED)]);
  }
  return value === '' ? 'Warn' : (value as FieldValidation);
}

/** How a write reports what strict decoding found. */
export interface ValidationScope {
  directive: FieldValidation;
  record?: RequestRecord | undefined;
}

/** The body as it was sent, for the duplicate-field check. */
export interface RawBody {
  text: string;
  yaml: boolean;
}

const YAML_ERRORS_PREFIX = 'yaml: unmarshal errors:\n';

function yamlStrictError(duplicate: DuplicateKey): string {
  return `${YAML_ERRORS_PREFIX}  line ${duplicate.line}: key ${JSON.stringify(duplicate.key)} already set in map`;
}

/** The strict errors about repeated keys of a body, in the decoder's words. */
export async function duplicateErrors(raw: RawBody): Promise<string[]> {
  if (raw.yaml) {
    const duplicate = await yamlDuplicateKey(raw.text);
    return duplicate === undefined ? [] : [yamlStrictError(duplicate)];
  }
  return duplicateFields(raw.text).map((d) => `duplicate field ${JSON.stringify(d.path)}`);
}

/** Warning texts of strict errors: yaml errors are split into one warning per line, as the apiserver does. */
function warningsOf(errors: readonly string[]): string[] {
  const out: string[] = [];
  for (const e of errors) {
    if (e.startsWith(YAML_ERRORS_PREFIX)) out.push(...e.slice(YAML_ERRORS_PREFIX.length).split('\n').map((line) => line.trim()).filter((line) => line !== ''));
    else out.push(e);
  }
  return out;
}

/**
 * Applies the directive to strict errors: Strict throws what `refuse` makes of the strict decoding
 * error, Warn adds one warning per error, Ignore drops them.
 */
function report(scope: ValidationScope, errors: readonly string[], refuse: (message: string) => ApiError): void {
  if (errors.length === 0 || scope.directive === 'Ignore') return;
  if (scope.directive === 'Strict') throw refuse(`strict decoding error: ${errors.join(', ')}`);
  for (const warning of warningsOf(errors)) addWarning(scope.record, warning);
}

/** What the decoder knows about the kind being decoded. */
interface Target {
  schema: StructSchema | undefined;
  custom: JsonObject | undefined;
  isCustom: boolean;
}

function targetOf(def: ResourceDef | undefined, expected: GVK): Target {
  if (def?.custom !== undefined && expected.kind === def.kind) return { schema: undefined, custom: def.custom.openAPIV3Schema, isCustom: true };
  const schema = builtinSchema(expected.group, expected.version, expected.kind);
  return { schema: schema?.kind === 'struct' ? schema : undefined, custom: undefined, isCustom: false };
}

/**
 * Decodes `obj` for `target`: the decoded object, unknown field paths and Go's decoding error
 * (`hugeText` as for decodeTyped).
 */
function decodeFor(target: Target, obj: JsonObject, hugeText?: string, fromUnstructured = false): { value: JsonObject; unknown: string[]; error?: string } {
  if (target.schema !== undefined) {
    const r = decodeTyped(obj, target.schema, hugeText, fromUnstructured);
    return { value: r.value, unknown: r.unknownFields, ...(r.error === undefined ? {} : { error: r.error }) };
  }
  if (!target.isCustom) return { value: obj, unknown: [] };
  // Custom resources: metadata is ObjectMeta; the rest is what the structural schema declares.
  const out: JsonObject = { ...obj };
  const unknown: string[] = [];
  const meta = asObject(obj.metadata);
  if (meta !== undefined) {
    const r = decodeTyped(meta, OBJECT_META, undefined, fromUnstructured);
    if (r.error !== undefined) return { value: obj, unknown, error: r.error };
    out.metadata = r.value;
    unknown.push(...r.unknownFields.map((path) => `metadata.${path}`));
  }
  if (target.custom !== undefined) {
    const pruned: string[] = [];
    pruneUnknownFields(out, target.custom, { pruned });
    unknown.push(...pruned);
  }
  return { value: out, unknown };
}

/**
 * The Go package of a group's internal types, as conversion errors name them (`core.Namespace`,
 * `apps.Deployment`, `rbac.Role`); events.platform.io's Event is core's.
 */
function internalPackage(group: string): string {
  if (group === '' || group === GROUPS.events) return 'core';
  if (group.startsWith('internal.apiserver.')) return 'apiserverinternal';
  return group.split('.')[0] ?? group;
}

/**
 * Decodes the body of a create or update (of the main resource or a sub-resource whose kind is
 * `expected`): 400 for values of the wrong type (`ConfigMap in version "v1" cannot be handled as a
 * ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string`),
 * and the directive applied to unknown and duplicate fields. Returns the decoded object.
 */
export async function decodeWriteBody(def: ResourceDef | undefined, body: JsonObject, raw: RawBody | undefined, expected: GVK, scope: ValidationScope): Promise<JsonObject> {
  const target = targetOf(def, expected);
  const kind = asString(body.kind) || expected.kind;
  const version = parseApiVersion(asString(body.apiVersion) ?? '').version || expected.version;
  const refuse = (message: string): ApiError => badRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${expected.kind}: ${message}`);
  // The API server decodes a body of another kind into that kind's type and then finds no
  // conversion to the endpoint's (custom resources are checked against their kind later).
  if (def?.custom === undefined && kind !== expected.kind) {
    throw refuse(`converting (${version}.${kind}) to (${internalPackage(expected.group)}.${expected.kind}): unknown conversion`);
  }
  const decoded = decodeFor(target, body);
  if (decoded.error !== undefined) throw refuse(decoded.error);
  // What no typed field took (custom resources, raw extensions): Go reads it as float64 or fails.
  const huge = nonFiniteNumber(decoded.value, body);
  if (huge !== undefined) throw refuse(nonFiniteMessage(huge));
  if (scope.directive !== 'Ignore') {
    const duplicates = raw === undefined ? [] : await duplicateErrors(raw);
    report(scope, [...decoded.unknown.map((path) => `unknown field ${JSON.stringify(path)}`), ...duplicates.filter((d) => !underUnknown(d, decoded.unknown))], refuse);
  }
  return decoded.value;
}

/** A duplicate inside (or of) an unknown field is not reported: the decoder skipped that part. */
function underUnknown(error: string, unknown: readonly string[]): boolean {
  const match = /^duplicate field "(.*)"$/.exec(error);
  if (match === null) return false;
  const path = match[1] ?? '';
  return unknown.some((u) => path === u || path.startsWith(`${u}.`) || path.startsWith(`${u}[`));
}

/** A patch as the strict checks of the patched object see it. */
export interface PatchInput {
  type: 'json' | 'merge' | 'strategic';
  body: JsonValue;
  /** Strict errors of the patch body itself (repeated keys, unknown fields of JSON patch operations). */
  bodyErrors: readonly string[];
}

/**
 * Decodes the result of a JSON, merge or strategic merge patch as the apiserver decodes the
 * patched object: values of the wrong type, and under Strict unknown fields, are a 422 on the
 * field `patch`; under Warn they become warnings.
 */
export function decodePatchedObject(def: ResourceDef, patched: JsonObject, expected: GVK, patch: PatchInput, scope: ValidationScope): JsonObject {
  const target = targetOf(def, expected);
  // Made only for a refusal: the patched object may hold a number beyond float64, which the JSON
  // writer refuses; the message shows it as null, as nothing better is left of it.
  const shown = (): string => (patch.type === 'strategic' ? goFormat(patch.body) : showJson(sortedJson(patched)));
  const refuse = (message: string): ApiError => invalid({ group: '', kind: '' }, '', [fieldError.invalidText('patch', JSON.stringify(shown()), message)]);
  // A number beyond float64 in the result came from the patch body, which knows its text.
  const hugeInBody = nonFiniteNumber(patch.body);
  const decoded = decodeFor(target, patched, hugeInBody, patch.type === 'strategic');
  if (decoded.error !== undefined) throw refuse(decoded.error);
  const found = nonFiniteNumber(decoded.value, patch.body);
  const huge = found === undefined ? undefined : hugeInBody ?? found;
  if (huge !== undefined) throw refuse(nonFiniteMessage(huge));
  report(scope, [...patch.bodyErrors, ...decoded.unknown.map((path) => `unknown field ${JSON.stringify(path)}`)], refuse);
  return decoded.value;
}

/** A JSON value with object keys sorted, as Go encodes a map. */
function sortedJson(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortedJson);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value).sort()) {
    const item = value[key];
    if (item !== undefined) out[key] = sortedJson(item);
  }
  return out;
}

/** The strict errors of a patch body: repeated keys, and for JSON patches unknown fields of the operations. */
export async function patchBodyErrors(type: 'json' | 'merge' | 'strategic', raw: RawBody, body: JsonValue): Promise<string[]> {
  const errors = await duplicateErrors(raw);
  if (type !== 'json') return errors;
  const known = new Set(['op', 'path', 'from', 'value']);
  const unknown: string[] = [];
  if (Array.isArray(body)) {
    body.forEach((op, i) => {
      const o = asObject(op);
      if (o !== undefined) for (const key of Object.keys(o)) if (!known.has(key)) unknown.push(`unknown field ${JSON.stringify(`[${i}].${key}`)}`);
    });
  }
  return [...errors, ...unknown].map((e) => `json patch ${e}`);
}

/**
 * The strict check of a server-side apply body (repeated keys only: unknown fields already fail
 * the typed conversion of the applied configuration): Strict refuses with 400 `error strict
 * decoding YAML: ...`, Warn warns.
 */
export async function checkApplyBody(raw: RawBody, scope: ValidationScope): Promise<void> {
  if (scope.directive === 'Ignore') return;
  const duplicate = raw.yaml ? await yamlDuplicateKey(raw.text) : duplicateFields(raw.text)[0];
  if (duplicate === undefined) return;
  const error = `error converting YAML to JSON: ${yamlStrictError(duplicate)}`;
  if (scope.directive === 'Strict') throw badRequest(`error strict decoding YAML: ${error}`);
  for (const warning of warningsOf([error.replace('error converting YAML to JSON: ', '')])) addWarning(scope.record, warning);
}

/**
 * Makes sure a stored object of a built-in kind has the types of its schema (the last line of
 * defence for writes whose bodies were not decoded as a whole, such as server-side apply):
 * the decoded object, or a 500 naming the problem.
 */
export function normalizeBuiltin(def: ResourceDef, obj: JsonObject): JsonObject {
  const r = decodeBuiltin(def, obj);
  if (r.error !== undefined) throw badRequest(`${def.kind} in version ${JSON.stringify(def.version)} cannot be handled as a ${def.kind}: ${r.error}`);
  return r.value;
}

/**
 * `obj` decoded as the Go type of `def`'s built-in kind (unknown fields dropped), with Go's
 * decoding error when a value has the wrong type; a custom resource's object as it is (its
 * structural schema is checked elsewhere).
 */
export function decodeBuiltin(def: ResourceDef, obj: JsonObject): { value: JsonObject; error?: string } {
  if (def.custom !== undefined) return { value: obj };
  const schema = builtinSchema(def.group, def.version, def.kind);
  if (schema?.kind !== 'struct') return { value: obj };
  const r = decodeTyped(obj, schema);
  return r.error === undefined ? { value: r.value } : { value: r.value, error: r.error };
}
