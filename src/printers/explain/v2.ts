/**
 * `explain --output=plaintext-openapiv2`: the older explain format, from the Swagger 2.0 document,
 * as kubectl renders it through kube-openapi's schema models (kinds, maps, arrays, primitives,
 * references and arbitrary values) with its own line wrapping at 80 columns.
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { ExplainError } from './errors.js';
import { apiVersionOf } from '../../machinery/group-version.js';
import { asJsonObject as obj, stringOrEmpty as str } from '../../machinery/json/values.js';

type Model =
  | { type: 'kind'; description: string; fields: Record<string, JsonObject>; required: string[] }
  | { type: 'map'; description: string; sub: JsonObject | undefined }
  | { type: 'array'; description: string; sub: JsonObject }
  | { type: 'primitive'; description: string; primitive: string }
  | { type: 'ref'; description: string; target: string }
  | { type: 'arbitrary'; description: string };

/** kube-openapi's classification of a v2 schema. */
function modelOf(schema: JsonObject): Model {
  const description = str(schema.description);
  const ref = str(schema.$ref);
  if (ref !== '') return { type: 'ref', description, target: ref.replace(/^#\/definitions\//, '') };
  const type = str(schema.type);
  const properties = obj(schema.properties);
  if (type === '' || type === 'object') {
    if (properties !== undefined) {
      const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
      const fields: Record<string, JsonObject> = {};
      for (const [k, v] of Object.entries(properties)) {
        const o = obj(v);
        if (o !== undefined) fields[k] = o;
      }
      return { type: 'kind', description, fields, required };
    }
    if (type === '') return { type: 'arbitrary', description };
    return { type: 'map', description, sub: obj(schema.additionalProperties) };
  }
  if (type === 'array') return { type: 'array', description, sub: obj(schema.items) ?? {} };
  return { type: 'primitive', description, primitive: type };
}

/** kubectl's explain formatter: indentation and its own word wrapping (bullets and code blocks kept). */
class Formatter {
  constructor(private readonly out: string[], private readonly indentLevel = 0, private readonly wrap = 80) {}

  indent(by: number): Formatter {
    return new Formatter(this.out, this.indentLevel + by, this.wrap);
  }

  write(text: string): void {
    if (text === '') {
      this.out.push('\n');
      return;
    }
    this.out.push(`${' '.repeat(this.indentLevel)}${text}\n`);
  }

  writeWrapped(text: string): void {
    for (const line of wrapLines(text, this.wrap - this.indentLevel)) this.write(line);
  }
}

const BULLET = /^(\d+\.?|-|\*)\s/;

function startsNewLine(lastWord: string, line: string): boolean {
  if (lastWord.endsWith(':')) return true;
  if (line.startsWith('    ')) return true;
  const trimmed = line.trim();
  return trimmed.length === 0 || BULLET.test(trimmed);
}

/** kubectl's `wrapString` of the explain formatter. */
export function wrapLines(text: string, width: number): string[] {
  const wrapped: string[] = [];
  let words: string[] = [];
  let lastWord = '';
  const flush = (): void => {
    if (words.length > 0) {
      lastWord = '';
      wrapped.push(words.join(' '));
      words = [];
    }
  };
  const add = (word: string): boolean => {
    const next = [...words, word].join(' ');
    if (next.length <= width || words.length === 0) {
      words.push(word);
      return true;
    }
    return false;
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('    ')) {
      flush();
      wrapped.push(line);
      continue;
    }
    if (wrapped.length > 0 && line.trim().length === 0) {
      flush();
      wrapped.push('');
      continue;
    }
    if (startsNewLine(lastWord, line)) flush();
    for (const word of line.split(/\s+/).filter((w) => w !== '')) {
      lastWord = word;
      if (!add(word)) {
        flush();
        add(word);
      }
    }
  }
  flush();
  return wrapped;
}

class V2Explainer {
  constructor(private readonly definitions: JsonObject) {}

  resolve(name: string): JsonObject {
    return obj(this.definitions[name]) ?? {};
  }

  typeName(schema: JsonObject): string {
    const m = modelOf(schema);
    switch (m.type) {
      case 'array': return `[]${this.typeName(m.sub)}`;
      case 'kind': return 'Object';
      case 'map': return `map[string]${m.sub === undefined ? '' : this.typeName(m.sub)}`;
      case 'primitive': return m.primitive;
      case 'ref': return this.typeName(this.resolve(m.target));
      default: return '';
    }
  }

  /** The schema at a field path (kube-openapi's field lookup: through arrays, maps and references). */
  lookup(schema: JsonObject, path: readonly string[]): JsonObject {
    const m = modelOf(schema);
    if (path.length === 0 && m.type !== 'primitive' && m.type !== 'arbitrary') return schema;
    switch (m.type) {
      case 'array': return this.lookup(m.sub, path);
      case 'map': return m.sub === undefined ? schema : this.lookup(m.sub, path);
      case 'ref': return this.lookup(this.resolve(m.target), path);
      case 'kind': {
        const first = path[0] ?? '';
        const field = m.fields[first];
        if (field === undefined) throw new ExplainError(`field "${first}" does not exist`);
        return this.lookup(field, path.slice(1));
      }
      default: return schema;
    }
  }

  printFields(schema: JsonObject, f: Formatter, recursive: boolean, seen: Set<string>): void {
    const m = modelOf(schema);
    switch (m.type) {
      case 'array': this.printFields(m.sub, f, recursive, seen); return;
      case 'map': if (m.sub !== undefined) this.printFields(m.sub, f, recursive, seen); return;
      case 'ref': {
        if (recursive && seen.has(m.target)) return;
        const next = recursive ? new Set(seen).add(m.target) : seen;
        this.printFields(this.resolve(m.target), f, recursive, next);
        return;
      }
      case 'kind':
        for (const key of Object.keys(m.fields).sort()) {
          const field = m.fields[key] ?? {};
          if (recursive) {
            f.write(`${key}\t<${this.typeName(field)}>`);
            this.printFields(field, f.indent(3), true, seen);
          } else {
            f.write(`${key}\t<${this.typeName(field)}>${m.required.includes(key) ? ' -required-' : ''}`);
            f.indent(2).writeWrapped(str(field.description));
            f.write('');
          }
        }
        return;
      default:
        return;
    }
  }

  print(name: string, schema: JsonObject, kind: string, groupVersion: string, recursive: boolean): string {
    const out: string[] = [];
    const f = new Formatter(out);
    const descriptions: string[] = [];
    let type = '';
    const header = (): void => {
      f.write(`KIND:     ${kind}`);
      f.write(`VERSION:  ${groupVersion}\n`);
    };
    const description = (last: string): void => {
      f.write('DESCRIPTION:');
      let empty = true;
      [...descriptions, last].forEach((text, i) => {
        if (text === '') return;
        empty = false;
        if (i !== 0) f.write('');
        f.indent(5).writeWrapped(text);
      });
      if (empty) f.indent(5).writeWrapped('<empty>');
    };
    let current = schema;
    for (;;) {
      const m = modelOf(current);
      if (m.type === 'ref') {
        descriptions.push(m.description);
        current = this.resolve(m.target);
        continue;
      }
      if (m.type === 'array' || m.type === 'map') {
        descriptions.push(m.description);
        if (type === '') type = this.typeName(current);
        if (m.type === 'map' && m.sub === undefined) {
          // kube-openapi makes the values of such a map an arbitrary value with the map's own description.
          header();
          description(m.description);
          return out.join('');
        }
        current = m.type === 'array' ? m.sub : m.sub ?? {};
        continue;
      }
      header();
      if (m.type === 'kind') {
        if (type === '') type = 'Object';
        if (name !== '') f.write(`RESOURCE: ${name} <${type}>\n`);
        description(m.description);
        f.write('\nFIELDS:');
        this.printFields(current, f.indent(3), recursive, new Set());
      } else if (m.type === 'primitive') {
        if (type === '') type = m.primitive;
        f.write(`FIELD:    ${name} <${type}>\n`);
        description(m.description);
      } else {
        description(m.description);
      }
      return out.join('');
    }
  }
}

/**
 * The explain text in the v2 format of the definition of a kind (found by its
 * `x-platform-group-version-kind`) and a field path in it.
 */
export function explainV2(doc: JsonObject, gvk: { group: string; version: string; kind: string }, fieldPath: readonly string[], recursive: boolean): string {
  const definitions = obj(doc.definitions) ?? {};
  const groupVersion = apiVersionOf(gvk);
  for (const name of Object.keys(definitions).sort()) {
    const schema = obj(definitions[name]);
    const kinds = Array.isArray(schema?.['x-platform-group-version-kind']) ? (schema?.['x-platform-group-version-kind'] as JsonValue[]) : [];
    const match = kinds.some((k) => {
      const o = obj(k);
      return o !== undefined && str(o.group) === gvk.group && str(o.version) === gvk.version && str(o.kind) === gvk.kind;
    });
    if (schema === undefined || !match) continue;
    const explainer = new V2Explainer(definitions);
    const target = explainer.lookup(schema, fieldPath);
    return explainer.print(fieldPath[fieldPath.length - 1] ?? '', target, gvk.kind, groupVersion, recursive);
  }
  throw new ExplainError(`couldn't find resource for "${groupVersion}, Kind=${gvk.kind}"`);
}
