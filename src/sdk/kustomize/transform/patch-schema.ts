/**
 * The type information strategic merge patches need (which lists merge, and by which keys), as
 * kustomize's kyaml reads it from OpenAPI: `x-kubernetes-patch-strategy` and
 * `x-kubernetes-list-map-keys` / `x-kubernetes-patch-merge-key` on the list fields. It comes from
 * the SDK's type schemas for the built-in kinds (the same ones the server's strategic merge patch
 * uses), or from a kustomization's `openapi` document when it has one.
 */
import { OPENAPI_EXTENSION_PREFIX } from '../../naming.js';
import { builtinSchema } from '../../types/schema/builtin/index.js';
import { OBJECT_META } from '../../types/schema/builtin/meta.js';
import { POD_TEMPLATE_SPEC } from '../../types/schema/builtin/core-pods.js';
import { message } from '../../types/schema/builtin/build.js';
import { childType, type TypeSchema } from '../../../machinery/schema/type-schema.js';
import { getKey, isMap, type JsonMap } from '../model/json.js';
import { parseGroupVersion } from '../model/resid.js';
import { isKnownKind } from '../model/scope.js';
import { apiVersionOf } from '../../../machinery/group-version.js';

/** A node of type information, as the merge walk asks for it. */
export interface WalkSchema {
  /** The type of a field (a struct's property or a map's values). */
  field(name: string): WalkSchema | undefined;
  /** The type of a list's items. */
  elements(): WalkSchema | undefined;
  /** The patch strategy of a list (`merge`, `merge,retainKeys`, ...), '' for none. */
  readonly strategy: string;
  /** The keys that identify items of a merged list; empty for lists of scalars. */
  readonly keys: readonly string[];
}

class TypeWalkSchema implements WalkSchema {
  readonly strategy: string;
  readonly keys: readonly string[];

  constructor(private readonly type: TypeSchema) {
    if (type.kind === 'list' && type.patchStrategy !== undefined && type.patchStrategy !== '') {
      this.strategy = type.patchStrategy;
      if (type.listType === 'map' && type.listMapKeys !== undefined && type.listMapKeys.length > 0) this.keys = type.listMapKeys;
      else this.keys = type.patchMergeKey === undefined ? [] : [type.patchMergeKey];
    } else {
      this.strategy = '';
      this.keys = [];
    }
  }

  field(name: string): WalkSchema | undefined {
    if (this.type.kind !== 'struct' && this.type.kind !== 'map') return undefined;
    return fromType(childType(this.type, name).schema);
  }

  elements(): WalkSchema | undefined {
    return this.type.kind === 'list' ? fromType(this.type.items) : undefined;
  }
}

function fromType(type: TypeSchema | undefined): WalkSchema | undefined {
  if (type === undefined || type.kind === 'untyped' || type.kind === 'scalar') return undefined;
  return new TypeWalkSchema(type);
}

/** Kinds of the embedded document that the SDK's schemas do not list, built from their parts. */
const EXTRA: Readonly<Record<string, TypeSchema>> = {
  ReplicationController: message('api.core.v1', 'ReplicationController', 'Keeps a number of pods running.', {
    metadata: [1, OBJECT_META, ''],
    spec: [2, message('api.core.v1', 'ReplicationControllerSpec', 'The desired pods.', { template: [3, POD_TEMPLATE_SPEC, ''] }), ''],
  }),
  PodTemplate: message('api.core.v1', 'PodTemplate', 'A stored pod template.', { metadata: [1, OBJECT_META, ''], template: [2, POD_TEMPLATE_SPEC, ''] }),
};
const METADATA_ONLY: TypeSchema = message('apimachinery.pkg.apis.meta.v1', 'PartialObjectMetadata', 'Metadata only.', { metadata: [1, OBJECT_META, ''] });

/** A kustomization's `openapi` document: definitions by kind, read as kyaml reads them. */
export class OpenApiDocument {
  private readonly byKind = new Map<string, JsonMap>();
  /** Namespace scope by `apiVersion|kind`, from the document's paths. */
  readonly namespaced = new Map<string, boolean>();

  constructor(private readonly document: JsonMap) {
    const definitions = getKey(document, 'definitions');
    if (isMap(definitions)) {
      for (const definition of Object.values(definitions)) {
        if (!isMap(definition)) continue;
        for (const gvk of gvkExtensions(getKey(definition, `${OPENAPI_EXTENSION_PREFIX}group-version-kind`))) this.byKind.set(gvk, definition);
      }
    }
    const paths = getKey(document, 'paths');
    if (isMap(paths)) {
      for (const [route, info] of Object.entries(paths)) {
        const get = isMap(info) ? getKey(info, 'get') : undefined;
        if (!isMap(get)) continue;
        const [key] = gvkExtensions(getKey(get, `${OPENAPI_EXTENSION_PREFIX}group-version-kind`));
        if (key === undefined) continue;
        if (route.includes('namespaces/{namespace}')) this.namespaced.set(key, true);
        else if (!this.namespaced.has(key)) this.namespaced.set(key, false);
      }
    }
  }

  schemaFor(apiVersion: string, kind: string): WalkSchema | undefined {
    const definition = this.byKind.get(`${apiVersion}|${kind}`);
    return definition === undefined ? undefined : new OpenApiWalkSchema(definition, this.document);
  }
}

function gvkExtensions(value: unknown): string[] {
  const list = Array.isArray(value) ? value : isMap(value) ? [value] : [];
  const out: string[] = [];
  for (const item of list) {
    if (!isMap(item)) continue;
    const group = typeof item.group === 'string' ? item.group : '';
    const version = typeof item.version === 'string' ? item.version : '';
    const kind = typeof item.kind === 'string' ? item.kind : '';
    out.push(`${apiVersionOf({ group, version })}|${kind}`);
  }
  return out;
}

function resolveRef(schema: JsonMap, document: JsonMap): JsonMap | undefined {
  let current: JsonMap | undefined = schema;
  for (let hops = 0; current !== undefined && typeof current.$ref === 'string' && hops < 64; hops++) {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) return undefined;
    let target: unknown = document;
    for (const part of ref.slice(2).split('/')) target = isMap(target) ? getKey(target, part.replace(/~1/g, '/').replace(/~0/g, '~')) : undefined;
    current = isMap(target) ? target : undefined;
  }
  return current;
}

class OpenApiWalkSchema implements WalkSchema {
  readonly strategy: string;
  readonly keys: readonly string[];

  constructor(private readonly schema: JsonMap, private readonly document: JsonMap) {
    const strategy = getKey(schema, `${OPENAPI_EXTENSION_PREFIX}patch-strategy`);
    this.strategy = typeof strategy === 'string' ? strategy : '';
    const mapKeys = getKey(schema, `${OPENAPI_EXTENSION_PREFIX}list-map-keys`);
    const mergeKey = getKey(schema, `${OPENAPI_EXTENSION_PREFIX}patch-merge-key`);
    if (this.strategy === '') this.keys = [];
    else if (Array.isArray(mapKeys)) this.keys = mapKeys.filter((k): k is string => typeof k === 'string');
    else this.keys = typeof mergeKey === 'string' ? [mergeKey] : [];
  }

  private wrap(value: unknown): WalkSchema | undefined {
    if (!isMap(value)) return undefined;
    const resolved = resolveRef(value, this.document);
    return resolved === undefined ? undefined : new OpenApiWalkSchema(resolved, this.document);
  }

  field(name: string): WalkSchema | undefined {
    const properties = getKey(this.schema, 'properties');
    if (isMap(properties) && Object.hasOwn(properties, name)) return this.wrap(getKey(properties, name));
    return this.wrap(getKey(this.schema, 'additionalProperties'));
  }

  elements(): WalkSchema | undefined {
    return this.wrap(getKey(this.schema, 'items'));
  }
}

/**
 * The schema of a kind for merging: from the `openapi` document when the build has one (kyaml then
 * uses it alone), else from the SDK's schemas for the kinds of kustomize's embedded document.
 */
export function schemaForKind(apiVersion: string, kind: string, custom: OpenApiDocument | undefined): WalkSchema | undefined {
  if (custom !== undefined) return custom.schemaFor(apiVersion, kind);
  if (!isKnownKind(apiVersion, kind)) return undefined;
  const { group, version } = parseGroupVersion(apiVersion);
  const type = builtinSchema(group, version, kind) ?? builtinSchema(group, 'v1', kind) ?? EXTRA[kind] ?? METADATA_ONLY;
  return fromType(type);
}
