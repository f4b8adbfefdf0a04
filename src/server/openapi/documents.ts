/**
 * The OpenAPI documents of the served API: `/openapi/v2` (every group version in one Swagger 2.0
 * document) and `/openapi/v3/<api|apis/group>/<version>` (one OpenAPI 3.0 document per group
 * version), built from the type schemas of the built-in kinds and the CRDs' structural schemas,
 * and cached per registry generation with their ETags (SHA-512 of the JSON, as kube-openapi).
 */
import { createHash } from 'node:crypto';
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { SCHEMA_NAME_PREFIX } from '../../sdk/naming.js';
import { LIST_META, META_TYPES, OBJECT_META, builtinListSchema, builtinSchema } from '../../sdk/types/schema/index.js';
import { SERVER_VERSION } from '../api/version.js';
import type { Registry } from '../registry/registry.js';
import type { ResourceDef } from '../registry/types.js';
import { DefinitionSet, refTo, X, type Flavor } from './definitions.js';
import { addResourcePaths, type OperationTypes } from './paths.js';
import { encodeOpenAPIV2, type YamlWriter } from './v2-protobuf.js';
import { writeJson } from '../../machinery/json-numbers.js';
import { groupVersionPath } from '../../machinery/group-version.js';
import { asObject } from '../util/json.js';

/** A rendered document. */
export interface RenderedDocument {
  text: string;
  /** Upper-case hex SHA-512 of the text (without quotes). */
  etag: string;
  lastModified: Date;
}

/** The protobuf form of the v2 document: its bytes, with the JSON text's ETag and date (as kube-openapi). */
export interface RenderedBinary {
  bytes: Uint8Array;
  etag: string;
  lastModified: Date;
}

const PATCH_NAME = `${SCHEMA_NAME_PREFIX}.apimachinery.pkg.apis.meta.v1.Patch`;

const PATCH_DEFINITION: JsonObject = {
  description: 'The body of a PATCH request; its form depends on the Content-Type: a JSON patch, a JSON merge patch, a strategic merge patch or an apply configuration.',
  type: 'object',
};

const SECURITY: JsonObject = { type: 'apiKey', description: 'A bearer token in the Authorization header.', name: 'authorization', in: 'header' };

/** The definition name of a custom resource kind, reversed-domain style (`com.example.v1.Widget`). */
export function customSchemaName(def: Pick<ResourceDef, 'group' | 'version' | 'kind'>): string {
  return `${def.group.split('.').reverse().join('.')}.${def.version}.${def.kind}`;
}

/** A CRD schema as a v2 schema: OpenAPI v2 has no `nullable`. */
function toV2(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(toV2);
  const obj = asObject(value);
  if (obj === undefined) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(obj)) {
    if (key === 'nullable' || item === undefined) continue;
    out[key] = toV2(item);
  }
  return out;
}

function reference(name: string, flavor: Flavor, description?: string): JsonObject {
  const out: JsonObject = description === undefined ? {} : { description };
  if (flavor === 'v2') return { ...out, $ref: refTo(name, 'v2') };
  return { ...out, allOf: [{ $ref: refTo(name, 'v3') }] };
}

const API_VERSION_PROPERTY: JsonObject = { description: 'The schema version of this object, `group/version`.', type: 'string' };
const KIND_PROPERTY: JsonObject = { description: 'The type of this object, in CamelCase.', type: 'string' };

/** The definitions of a custom resource kind and its list. */
function customDefinitions(def: ResourceDef, set: DefinitionSet, flavor: Flavor): { kind: string; list: string } {
  const name = customSchemaName(def);
  const source = def.custom?.openAPIV3Schema;
  const schema: JsonObject = source === undefined ? { type: 'object', [X.preserveUnknownFields]: true } : structuredClone(source);
  const converted = (flavor === 'v2' ? toV2(schema) : schema) as JsonObject;
  const properties: JsonObject = { ...(asObject(converted.properties) ?? {}) };
  properties.apiVersion = API_VERSION_PROPERTY;
  properties.kind = KIND_PROPERTY;
  properties.metadata = reference(set.add(OBJECT_META) ?? '', flavor, 'The object\'s metadata.');
  const definition: JsonObject = { ...converted, type: 'object', properties, [X.gvk]: [{ group: def.group, kind: def.kind, version: def.version }] };
  set.put(name, definition);
  const listName = `${name}List`;
  set.put(listName, {
    description: `A list of ${def.kind} objects.`,
    type: 'object',
    required: ['items'],
    properties: {
      apiVersion: API_VERSION_PROPERTY,
      items: { description: `The ${def.kind} objects.`, type: 'array', items: { $ref: refTo(name, flavor) } },
      kind: KIND_PROPERTY,
      metadata: reference(set.add(LIST_META) ?? '', flavor, 'List metadata.'),
    },
    [X.gvk]: [{ group: def.group, kind: def.listKind, version: def.version }],
  });
  return { kind: name, list: listName };
}

/** The definitions every operation may refer to. */
function baseTypes(set: DefinitionSet): Pick<OperationTypes, 'status' | 'deleteOptions' | 'watchEvent' | 'patch'> {
  set.put(PATCH_NAME, PATCH_DEFINITION);
  return {
    status: set.add(META_TYPES.status) ?? '',
    deleteOptions: set.add(META_TYPES.deleteOptions) ?? '',
    watchEvent: set.add(META_TYPES.watchEvent) ?? '',
    patch: PATCH_NAME,
  };
}

/** Adds the paths and definitions of the given resources. */
function addResources(defs: readonly ResourceDef[], paths: JsonObject, set: DefinitionSet, flavor: Flavor): void {
  const base = baseTypes(set);
  const customKinds: Record<string, string> = {};
  const customNames = new Map<ResourceDef, { kind: string; list: string }>();
  for (const def of defs) {
    if (def.custom === undefined) continue;
    const names = customDefinitions(def, set, flavor);
    customNames.set(def, names);
    customKinds[`${def.group}/${def.version}/${def.kind}`] = names.kind;
  }
  for (const def of defs) {
    const custom = customNames.get(def);
    let kind: string | undefined;
    let list: string | undefined;
    if (custom !== undefined) {
      kind = custom.kind;
      list = custom.list;
    } else {
      const schema = builtinSchema(def.group, def.version, def.kind);
      if (schema === undefined) continue;
      kind = set.add(schema);
      const listSchema = builtinListSchema(def.group, def.version, def.listKind);
      list = listSchema === undefined ? undefined : set.add(listSchema);
    }
    if (kind === undefined) continue;
    const subresourceKinds: Record<string, string> = { ...customKinds };
    for (const sub of def.subresources) {
      const k = sub.responseKind;
      const key = `${k.group}/${k.version}/${k.kind}`;
      if (subresourceKinds[key] !== undefined) continue;
      const schema = builtinSchema(k.group, k.version, k.kind);
      const name = schema === undefined ? undefined : set.add(schema);
      if (name !== undefined) subresourceKinds[key] = name;
    }
    addResourcePaths(paths, def, { ...base, kind, ...(list === undefined ? {} : { list }), subresourceKinds }, flavor);
  }
}

function sortedObject(obj: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(obj).sort()) {
    const value = obj[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function render(doc: JsonObject): RenderedDocument {
  // CRD schemas carry request-derived values (defaults, enums) that may be int64 beyond 2^53.
  const text = writeJson(doc);
  return { text, etag: createHash('sha512').update(text).digest('hex').toUpperCase(), lastModified: new Date() };
}

const INFO: JsonObject = { title: 'Platform', version: SERVER_VERSION.gitVersion };

/** The Swagger 2.0 document of everything served. */
export function openAPIV2(registry: Registry): JsonObject {
  const set = new DefinitionSet('v2');
  const paths: JsonObject = {};
  addResources(registry.all(), paths, set, 'v2');
  return {
    swagger: '2.0',
    info: INFO,
    paths: sortedObject(paths),
    definitions: set.complete(),
    securityDefinitions: { BearerToken: SECURITY },
    security: [{ BearerToken: [] }],
  };
}

/** The OpenAPI 3.0 document of one group version, or undefined when it is not served. */
export function openAPIV3(registry: Registry, group: string, version: string): JsonObject | undefined {
  const defs = registry.resourcesOf(group, version);
  if (defs.length === 0) return undefined;
  const set = new DefinitionSet('v3');
  const paths: JsonObject = {};
  addResources(defs, paths, set, 'v3');
  return {
    openapi: '3.0.0',
    info: INFO,
    paths: sortedObject(paths),
    components: { schemas: set.complete(), securitySchemes: { BearerToken: SECURITY } },
  };
}

/** Every document of one registry generation, rendered once. */
export interface DocumentCache {
  generation: number;
  v2(): RenderedDocument;
  /** The v2 document as gnostic's `openapi.v2.Document` protobuf; `yaml` writes vendor extension values. */
  v2Protobuf(yaml: YamlWriter): RenderedBinary;
  v3Index(): RenderedDocument;
  /** A group version's document by its path (`api/v1`), or undefined. */
  v3(path: string): RenderedDocument | undefined;
}

/** Creates the cache of a registry's documents (rebuilt lazily when the registry changes). */
export function documentCache(registry: Registry): () => DocumentCache {
  let current: DocumentCache | undefined;
  const build = (): DocumentCache => {
    const generation = registry.version;
    let v2Source: JsonObject | undefined;
    let v2: RenderedDocument | undefined;
    let v2Binary: RenderedBinary | undefined;
    const v2Rendered = (): RenderedDocument => {
      v2Source ??= openAPIV2(registry);
      return (v2 ??= render(v2Source));
    };
    let index: RenderedDocument | undefined;
    const v3 = new Map<string, RenderedDocument | null>();
    const groupVersions = (): string[] => registry.groups().flatMap((g) => g.versions.map((v) => groupVersionPath(g.name, v).slice(1)));
    const v3Of = (path: string): RenderedDocument | undefined => {
      if (!v3.has(path)) {
        const parts = path.split('/');
        const [group, version] = parts[0] === 'api' ? ['', parts[1] ?? ''] : [parts[1] ?? '', parts[2] ?? ''];
        const doc = groupVersions().includes(path) ? openAPIV3(registry, group, version) : undefined;
        v3.set(path, doc === undefined ? null : render(doc));
      }
      return v3.get(path) ?? undefined;
    };
    return {
      generation,
      v2: v2Rendered,
      v2Protobuf: (yaml) => {
        if (v2Binary === undefined) {
          const json = v2Rendered();
          v2Binary = { bytes: encodeOpenAPIV2(v2Source ?? {}, yaml), etag: json.etag, lastModified: json.lastModified };
        }
        return v2Binary;
      },
      v3Index: () => {
        if (index === undefined) {
          const paths: JsonObject = {};
          for (const path of groupVersions()) {
            const doc = v3Of(path);
            if (doc !== undefined) paths[path] = { serverRelativeURL: `/openapi/v3/${path}?hash=${doc.etag}` };
          }
          index = render({ paths });
        }
        return index;
      },
      v3: v3Of,
    };
  };
  return () => {
    if (current === undefined || current.generation !== registry.version) current = build();
    return current;
  };
}
