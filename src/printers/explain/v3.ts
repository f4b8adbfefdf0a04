/**
 * `explain` from an OpenAPI v3 document, as kubectl 1.32 renders its `plaintext` template: the
 * group, kind and version of the resource (found through the `x-platform-group-version-kind` of
 * its operations), then the description and fields of the schema at the field path, following
 * `$ref`s, `allOf`, array items and map values; `--recursive` lists nested fields by name only.
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { ExplainError } from './errors.js';
import { indent, wrapString } from './wrap.js';
import { asJsonObject as obj, stringOrEmpty as str } from '../../machinery/json/values.js';
import { sortedKeys } from '../../machinery/json/go-json.js';

/** The resource to explain. */
export interface ExplainTarget {
  group: string;
  version: string;
  resource: string;
}

const GVK_EXTENSION = 'x-platform-group-version-kind';

/** Resolves `#/components/schemas/X` in the document (undefined for other or unknown references). */
function resolveRef(ref: string, doc: JsonObject): JsonObject | undefined {
  if (!ref.startsWith('#')) return undefined;
  let cur: JsonObject | undefined = doc;
  for (const part of ref.slice(1).split('/')) {
    if (part === '') continue;
    cur = obj(cur?.[decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'))]);
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** A map `additionalProperties` (not the boolean form). */
function mapValues(schema: JsonObject): JsonObject | undefined {
  return obj(schema.additionalProperties);
}

function equalGvk(a: JsonObject, b: JsonObject): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) return false;
  return true;
}

/** Go's `%v` of the gvk map, for the error text. */
function goMap(value: JsonObject): string {
  return `map[${sortedKeys(value).map((k) => `${k}:${str(value[k])}`).join(' ')}]`;
}

class Renderer {
  constructor(private readonly doc: JsonObject, private readonly recursive: boolean) {}

  /** The schema type as explain shows it: `string`, `[]Container`, `map[string]string`, `Object`. */
  typeGuess(schema: JsonObject): string {
    const items = obj(schema.items);
    if (items !== undefined) return `[]${this.typeGuess(items)}`;
    const values = mapValues(schema);
    if (values !== undefined) return `map[string]${this.typeGuess(values)}`;
    const allOf = Array.isArray(schema.allOf) ? schema.allOf : undefined;
    if (allOf !== undefined && allOf.length === 1 && schema.properties === undefined) {
      const first = obj(allOf[0]);
      if (first !== undefined) return this.typeGuess(first);
    }
    const ref = str(schema.$ref);
    if (ref !== '') {
      const target = resolveRef(ref, this.doc);
      const type = target === undefined ? '' : str(target.type);
      if (target === undefined || type === '' || type === 'object') {
        const name = ref.split('/').pop() ?? '';
        return name.split('.').pop() || 'Object';
      }
      return type;
    }
    const type = str(schema.type);
    if (type === 'object') return 'Object';
    return type || 'Object';
  }

  /** `ENUM:` lines (long view) or an `enum: a, b, ....` line (short view, at most `limit` values). */
  enumText(schema: JsonObject, longView: boolean, limit: number, indentAmount = 0): string {
    const values = Array.isArray(schema.enum) ? schema.enum : [];
    if (values.length === 0) return '';
    let out = longView ? 'ENUM:' : `\n${' '.repeat(indentAmount)}enum: `;
    for (let index = 0; index < values.length; index++) {
      if (limit > -1 && index >= limit) {
        out += ', ....';
        break;
      }
      if (index > 0 && !longView) out += ', ';
      else if (longView) out += `\n${' '.repeat(4)}`;
      const value = values[index];
      out += value === '' ? '""' : typeof value === 'string' ? value : JSON.stringify(value);
    }
    return out;
  }

  /** The description of a schema and of what it refers to, one per line. */
  description(schema: JsonObject): string {
    const resolved = resolveRef(str(schema.$ref), this.doc) ?? schema;
    let out = '';
    const text = str(resolved.description);
    if (text !== '') out += `${text}\n`;
    for (const part of Array.isArray(resolved.allOf) ? resolved.allOf : []) {
      const p = obj(part);
      if (p !== undefined) out += this.description(p);
    }
    const items = obj(resolved.items);
    if (items !== undefined) out += this.description(items);
    const values = mapValues(resolved);
    if (values !== undefined) out += this.description(values);
    return out;
  }

  fieldDetail(name: string, parent: JsonObject, short: boolean, level: number): string {
    const indentAmount = level * 2;
    const field = obj(obj(parent.properties)?.[name]) ?? {};
    const required = Array.isArray(parent.required) && parent.required.includes(name);
    let out = `${indent(indentAmount, name)}\t<${this.typeGuess(field)}>`;
    if (required) out += ' -required-';
    out += this.enumText(field, false, 4, indentAmount);
    out += '\n';
    if (!short) {
      const text = str(field.description) || '<no description>';
      out += `${indent(indentAmount + 2, wrapString(text, 78 - indentAmount))}\n\n`;
    }
    return out;
  }

  fieldList(schema: JsonObject, level: number, history: ReadonlySet<string>): string {
    const ref = str(schema.$ref);
    if (ref !== '' && history.has(ref)) return '';
    const next = new Set(history).add(ref);
    const resolved = resolveRef(ref, this.doc) ?? schema;
    let out = '';
    const properties = obj(resolved.properties);
    for (const key of sortedKeys(properties)) {
      out += this.fieldDetail(key, resolved, this.recursive, level);
      const child = obj(properties?.[key]);
      if (this.recursive && child !== undefined) out += this.fieldList(child, level + 1, next);
    }
    for (const part of Array.isArray(resolved.allOf) ? resolved.allOf : []) {
      const p = obj(part);
      if (p !== undefined) out += this.fieldList(p, level, next);
    }
    const items = obj(resolved.items);
    if (items !== undefined) out += this.fieldList(items, level, next);
    const values = mapValues(resolved);
    if (values !== undefined) out += this.fieldList(values, level, next);
    return out;
  }

  output(schema: JsonObject, path: readonly string[], history: ReadonlySet<string>): string {
    const ref = str(schema.$ref);
    const next = new Set(history).add(ref);
    const resolved = resolveRef(ref, this.doc) ?? schema;
    if (path.length === 0) {
      let out = `DESCRIPTION:\n${indent(4, wrapString(this.description(resolved) || '<empty>', 76))}\n`;
      const fields = this.fieldList(resolved, 1, new Set());
      if (fields !== '') out += `FIELDS:\n${fields}`;
      return out;
    }
    if (ref !== '' && history.has(ref)) return '';
    const first = path[0] ?? '';
    const property = obj(obj(resolved.properties)?.[first]);
    if (property !== undefined) {
      let out = '';
      if (path.length === 1) out += `FIELD: ${first} <${this.typeGuess(property)}>\n${this.enumText(property, true, -1)}\n\n`;
      return out + this.output(property, path.slice(1), new Set());
    }
    const items = obj(resolved.items);
    if (items !== undefined) return this.output(items, path, next);
    const values = mapValues(resolved);
    if (values !== undefined) return this.output(values, path, next);
    for (const part of Array.isArray(resolved.allOf) ? resolved.allOf : []) {
      const p = obj(part);
      const out = p === undefined ? '' : this.output(p, path, next);
      if (out !== '') return out;
    }
    return '';
  }
}

/** The group-version-kind of the resource, from the operations of its paths (as kubectl's template finds it). */
function findGvk(doc: JsonObject, target: ExplainTarget): JsonObject | undefined {
  const prefix = target.group === '' ? '/api' : `/apis/${target.group}`;
  const searchPaths = [
    `${prefix}/${target.version}/${target.resource}`,
    `${prefix}/${target.version}/${target.resource}/{name}`,
    `${prefix}/${target.version}/namespaces/{namespace}/${target.resource}`,
    `${prefix}/${target.version}/namespaces/{namespace}/${target.resource}/{name}`,
  ];
  const paths = obj(doc.paths);
  let gvk: JsonObject | undefined;
  for (const path of searchPaths) {
    const item = obj(paths?.[path]);
    if (item === undefined) continue;
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = obj(item[method]);
      if (op === undefined) continue;
      // As in the template, each path that has operations overwrites what an earlier path found.
      gvk = obj(op[GVK_EXTENSION]);
      if (gvk !== undefined) break;
    }
  }
  return gvk;
}

/** `group/version, Resource=resource`, as Go prints a GroupVersionResource. */
export function gvrString(target: ExplainTarget): string {
  return `${target.group}/${target.version}, Resource=${target.resource}`;
}

/**
 * The explain text of a resource (and a field path in it) from its group version's OpenAPI v3
 * document. Throws {@link ExplainError} with kubectl's message when the resource or field is missing.
 */
export function explainV3(doc: JsonObject, target: ExplainTarget, fieldPath: readonly string[], recursive: boolean): string {
  const gvk = findGvk(doc, target);
  if (gvk === undefined) throw new ExplainError(`error: GVR (${gvrString(target)}) not found in OpenAPI schema`);
  let out = '';
  if (str(gvk.group) !== '') out += `GROUP:      ${str(gvk.group)}\n`;
  out += `KIND:       ${str(gvk.kind)}\nVERSION:    ${str(gvk.version)}\n\n`;
  const schemas = obj(obj(doc.components)?.schemas);
  const renderer = new Renderer(doc, recursive);
  for (const name of sortedKeys(schemas)) {
    const schema = obj(schemas?.[name]);
    const kinds = Array.isArray(schema?.[GVK_EXTENSION]) ? (schema?.[GVK_EXTENSION] as JsonValue[]) : [];
    if (schema === undefined || !kinds.some((k) => obj(k) !== undefined && equalGvk(obj(k) ?? {}, gvk))) continue;
    const text = renderer.output(schema, fieldPath, new Set());
    if (text === '') throw new ExplainError(`error: field "${fieldPath[fieldPath.length - 1] ?? ''}" does not exist`, out);
    return `${out}${text}\n`;
  }
  throw new ExplainError(`error: GVK ${goMap(gvk)} not found in OpenAPI schema`, out);
}
