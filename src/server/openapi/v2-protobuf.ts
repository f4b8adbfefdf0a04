/**
 * The OpenAPI v2 document as gnostic's `openapi.v2.Document` protobuf, made from the same JSON
 * document `/openapi/v2` serves, field by field as kube-openapi's `ToProtoBinary` (gnostic's
 * `ParseDocument`, then `proto.Marshal`) makes it: vendor extensions (`x-...`) become `NamedAny`
 * with the value as YAML text, `default`/`example`/`enum` values likewise; `type` is a list, `items`
 * a list of schemas, `additionalProperties` a schema or a boolean; parameters are body or
 * non-body (by `in`) or references; zero values are left out as proto3 leaves them out. Keys a
 * Swagger 2.0 schema does not have (a CRD schema's `anyOf`, `oneOf`, `not`) are dropped.
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { gnosticV2Type } from './gnostic-v2.js';
import { asObject, stringsOf } from '../util/json.js';

/** Writes a JSON value as YAML text (gnostic keeps vendor extension values as YAML). */
export type YamlWriter = (value: JsonValue) => string;

type Plain = Record<string, unknown>;

function asArray(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}


/** Sets a field unless its value is proto3's zero (which the wire never carries). */
function put(out: Plain, key: string, value: unknown): void {
  if (value === undefined || value === null || value === '' || value === false || value === 0) return;
  if (Array.isArray(value) && value.length === 0) return;
  out[key] = value;
}

function str(obj: JsonObject, key: string): string | undefined {
  const v = obj[key];
  return typeof v === 'string' ? v : undefined;
}

function num(obj: JsonObject, key: string): number | undefined {
  const v = obj[key];
  return typeof v === 'number' ? v : undefined;
}

function bool(obj: JsonObject, key: string): boolean | undefined {
  const v = obj[key];
  return typeof v === 'boolean' ? v : undefined;
}

/** The JSON Schema bounds that schemas, primitive parameters and their items share, `maximum` to `uniqueItems`. */
function bounds(s: JsonObject, out: Plain): void {
  put(out, 'maximum', num(s, 'maximum'));
  put(out, 'exclusiveMaximum', bool(s, 'exclusiveMaximum'));
  put(out, 'minimum', num(s, 'minimum'));
  put(out, 'exclusiveMinimum', bool(s, 'exclusiveMinimum'));
  put(out, 'maxLength', num(s, 'maxLength'));
  put(out, 'minLength', num(s, 'minLength'));
  put(out, 'pattern', str(s, 'pattern'));
  put(out, 'maxItems', num(s, 'maxItems'));
  put(out, 'minItems', num(s, 'minItems'));
  put(out, 'uniqueItems', bool(s, 'uniqueItems'));
}

class Converter {
  constructor(private readonly yaml: YamlWriter) {}

  any(value: JsonValue | undefined): Plain | undefined {
    return value === undefined ? undefined : { yaml: this.yaml(value) };
  }

  /** The `x-...` members of an object, in order, as `NamedAny`. */
  extensions(obj: JsonObject): Plain[] {
    const out: Plain[] = [];
    for (const [name, value] of Object.entries(obj)) {
      if (name.startsWith('x-') && value !== undefined) out.push({ name, value: this.any(value) });
    }
    return out;
  }

  schema(s: JsonObject): Plain {
    const out: Plain = {};
    put(out, 'ref', str(s, '$ref'));
    put(out, 'format', str(s, 'format'));
    put(out, 'title', str(s, 'title'));
    put(out, 'description', str(s, 'description'));
    put(out, 'default', this.any(s.default));
    put(out, 'multipleOf', num(s, 'multipleOf'));
    bounds(s, out);
    put(out, 'maxProperties', num(s, 'maxProperties'));
    put(out, 'minProperties', num(s, 'minProperties'));
    put(out, 'required', stringsOf(s.required));
    put(out, 'enum', asArray(s.enum).map((v) => this.any(v)));
    const additional = s.additionalProperties;
    if (typeof additional === 'boolean') out.additionalProperties = { boolean: additional };
    else if (asObject(additional) !== undefined) out.additionalProperties = { schema: this.schema(asObject(additional) ?? {}) };
    if (typeof s.type === 'string') out.type = { value: [s.type] };
    else if (Array.isArray(s.type)) out.type = { value: stringsOf(s.type) };
    const items = s.items;
    if (Array.isArray(items)) out.items = { schema: items.flatMap((i) => (asObject(i) === undefined ? [] : [this.schema(asObject(i) ?? {})])) };
    else if (asObject(items) !== undefined) out.items = { schema: [this.schema(asObject(items) ?? {})] };
    put(out, 'allOf', asArray(s.allOf).flatMap((i) => (asObject(i) === undefined ? [] : [this.schema(asObject(i) ?? {})])));
    const properties = asObject(s.properties);
    if (properties !== undefined) out.properties = { additionalProperties: this.namedSchemas(properties) };
    put(out, 'discriminator', str(s, 'discriminator'));
    put(out, 'readOnly', bool(s, 'readOnly'));
    const docs = asObject(s.externalDocs);
    if (docs !== undefined) out.externalDocs = this.externalDocs(docs);
    put(out, 'example', this.any(s.example));
    put(out, 'vendorExtension', this.extensions(s));
    return out;
  }

  namedSchemas(obj: JsonObject): Plain[] {
    return Object.entries(obj).flatMap(([name, value]) => {
      const schema = asObject(value);
      return schema === undefined ? [] : [{ name, value: this.schema(schema) }];
    });
  }

  externalDocs(docs: JsonObject): Plain {
    const out: Plain = {};
    put(out, 'description', str(docs, 'description'));
    put(out, 'url', str(docs, 'url'));
    put(out, 'vendorExtension', this.extensions(docs));
    return out;
  }

  /** The fields that primitive parameters and `PrimitivesItems` share. */
  primitive(p: JsonObject, out: Plain): Plain {
    put(out, 'type', str(p, 'type'));
    put(out, 'format', str(p, 'format'));
    const items = asObject(p.items);
    if (items !== undefined) out.items = this.primitive(items, {});
    put(out, 'collectionFormat', str(p, 'collectionFormat'));
    put(out, 'default', this.any(p.default));
    bounds(p, out);
    put(out, 'enum', asArray(p.enum).map((v) => this.any(v)));
    put(out, 'multipleOf', num(p, 'multipleOf'));
    put(out, 'vendorExtension', this.extensions(p));
    return out;
  }

  parametersItem(p: JsonObject): Plain {
    const ref = str(p, '$ref');
    if (ref !== undefined) {
      const reference: Plain = { ref };
      put(reference, 'description', str(p, 'description'));
      return { jsonReference: reference };
    }
    const where = str(p, 'in') ?? '';
    const head: Plain = {};
    if (where === 'body') {
      put(head, 'description', str(p, 'description'));
      put(head, 'name', str(p, 'name'));
      put(head, 'in', where);
      put(head, 'required', bool(p, 'required'));
      const schema = asObject(p.schema);
      if (schema !== undefined) head.schema = this.schema(schema);
      put(head, 'vendorExtension', this.extensions(p));
      return { parameter: { bodyParameter: head } };
    }
    put(head, 'required', bool(p, 'required'));
    put(head, 'in', where);
    put(head, 'description', str(p, 'description'));
    put(head, 'name', str(p, 'name'));
    if (where === 'query' || where === 'formData') put(head, 'allowEmptyValue', bool(p, 'allowEmptyValue'));
    const key = where === 'query' || where === 'path' || where === 'header' ? where : 'formData';
    return { parameter: { nonBodyParameter: { [key]: this.primitive(p, head) } } };
  }

  parameters(value: JsonValue | undefined): Plain[] {
    return asArray(value).flatMap((p) => (asObject(p) === undefined ? [] : [this.parametersItem(asObject(p) ?? {})]));
  }

  responses(responses: JsonObject): Plain {
    const codes: Plain[] = [];
    for (const [name, value] of Object.entries(responses)) {
      const r = asObject(value);
      if (r === undefined || name.startsWith('x-')) continue;
      const ref = str(r, '$ref');
      if (ref !== undefined) {
        codes.push({ name, value: { jsonReference: { ref } } });
        continue;
      }
      const response: Plain = {};
      put(response, 'description', str(r, 'description'));
      const schema = asObject(r.schema);
      if (schema !== undefined) response.schema = { schema: this.schema(schema) };
      put(response, 'vendorExtension', this.extensions(r));
      codes.push({ name, value: { response } });
    }
    const out: Plain = {};
    put(out, 'responseCode', codes);
    put(out, 'vendorExtension', this.extensions(responses));
    return out;
  }

  operation(op: JsonObject): Plain {
    const out: Plain = {};
    put(out, 'tags', stringsOf(op.tags));
    put(out, 'summary', str(op, 'summary'));
    put(out, 'description', str(op, 'description'));
    put(out, 'operationId', str(op, 'operationId'));
    put(out, 'produces', stringsOf(op.produces));
    put(out, 'consumes', stringsOf(op.consumes));
    put(out, 'parameters', this.parameters(op.parameters));
    const responses = asObject(op.responses);
    if (responses !== undefined) out.responses = this.responses(responses);
    put(out, 'schemes', stringsOf(op.schemes));
    put(out, 'deprecated', bool(op, 'deprecated'));
    put(out, 'vendorExtension', this.extensions(op));
    return out;
  }

  pathItem(item: JsonObject): Plain {
    const out: Plain = {};
    put(out, 'ref', str(item, '$ref'));
    for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const) {
      const op = asObject(item[method]);
      if (op !== undefined) out[method] = this.operation(op);
    }
    put(out, 'parameters', this.parameters(item.parameters));
    put(out, 'vendorExtension', this.extensions(item));
    return out;
  }

  paths(paths: JsonObject): Plain {
    const out: Plain = {};
    put(out, 'vendorExtension', this.extensions(paths));
    put(out, 'path', Object.entries(paths).flatMap(([name, value]) => {
      const item = asObject(value);
      return name.startsWith('/') && item !== undefined ? [{ name, value: this.pathItem(item) }] : [];
    }));
    return out;
  }

  securityDefinitions(defs: JsonObject): Plain {
    const named: Plain[] = [];
    for (const [name, value] of Object.entries(defs)) {
      const def = asObject(value);
      if (def === undefined) continue;
      const out: Plain = {};
      put(out, 'type', str(def, 'type'));
      if (def.type === 'apiKey') {
        put(out, 'name', str(def, 'name'));
        put(out, 'in', str(def, 'in'));
        put(out, 'description', str(def, 'description'));
        put(out, 'vendorExtension', this.extensions(def));
        named.push({ name, value: { apiKeySecurity: out } });
      } else if (def.type === 'basic') {
        put(out, 'description', str(def, 'description'));
        put(out, 'vendorExtension', this.extensions(def));
        named.push({ name, value: { basicAuthenticationSecurity: out } });
      }
    }
    return { additionalProperties: named };
  }

  document(doc: JsonObject): Plain {
    const out: Plain = {};
    put(out, 'swagger', str(doc, 'swagger'));
    const info = asObject(doc.info);
    if (info !== undefined) {
      const i: Plain = {};
      put(i, 'title', str(info, 'title'));
      put(i, 'version', str(info, 'version'));
      put(i, 'description', str(info, 'description'));
      put(i, 'vendorExtension', this.extensions(info));
      out.info = i;
    }
    put(out, 'host', str(doc, 'host'));
    put(out, 'basePath', str(doc, 'basePath'));
    put(out, 'schemes', stringsOf(doc.schemes));
    put(out, 'consumes', stringsOf(doc.consumes));
    put(out, 'produces', stringsOf(doc.produces));
    const paths = asObject(doc.paths);
    if (paths !== undefined) out.paths = this.paths(paths);
    const definitions = asObject(doc.definitions);
    if (definitions !== undefined) out.definitions = { additionalProperties: this.namedSchemas(definitions) };
    put(out, 'security', asArray(doc.security).flatMap((r) => {
      const requirement = asObject(r);
      if (requirement === undefined) return [];
      return [{ additionalProperties: Object.entries(requirement).map(([name, scopes]) => ({ name, value: { value: stringsOf(scopes) } })) }];
    }));
    const security = asObject(doc.securityDefinitions);
    if (security !== undefined) out.securityDefinitions = this.securityDefinitions(security);
    put(out, 'vendorExtension', this.extensions(doc));
    return out;
  }
}

/** The `openapi.v2.Document` message (as protobufjs's plain object) of a Swagger 2.0 JSON document. */
export function openAPIV2Message(doc: JsonObject, yaml: YamlWriter): Record<string, unknown> {
  return new Converter(yaml).document(doc);
}

/** The protobuf bytes of a Swagger 2.0 JSON document. */
export function encodeOpenAPIV2(doc: JsonObject, yaml: YamlWriter): Uint8Array {
  return gnosticV2Type('Document').encode(openAPIV2Message(doc, yaml)).finish();
}
