/**
 * Placing a manifest object: its resource type, and for namespaced kinds its namespace (the
 * object's own, else the default one), with kubectl's error when an explicit `-n` disagrees.
 */
import type { PlatformClient } from '../client.js';
import type { ResourceMapping } from '../discovery/rest-mapper.js';
import { InputError, ResourceTypeError } from '../errors.js';
import type { ResourceClient } from '../rest/resource-client.js';
import type { KubeObject } from '../types/meta.js';
import type { KindMapper } from './kind-mapper.js';
import type { Manifest } from './manifests.js';

/** Where a manifest object goes. */
export interface PlacedObject {
  /** The object, with `metadata.namespace` filled in for namespaced kinds. */
  object: KubeObject;
  mapping: ResourceMapping;
  /** The namespace (undefined for cluster-scoped kinds). */
  namespace: string | undefined;
}

/** Namespace options shared by the manifest-driven commands. */
export interface NamespaceOptions {
  /** The namespace for objects that name none (`-n`, else the context's, else `default`). */
  namespace: string;
  /** `-n` was given: an object naming another namespace is an error. */
  enforceNamespace?: boolean | undefined;
}

/** kubectl's message for an object whose namespace differs from an explicit `-n`. */
export function namespaceMismatchError(objectNamespace: string, namespace: string): InputError {
  return new InputError(`the namespace from the provided object "${objectNamespace}" does not match the namespace "${namespace}". You must pass '--namespace=${objectNamespace}' to perform this operation.`);
}

/** Fills in the namespace of `object` for a kind of the given scope (or throws on a mismatch). */
export function placeObject(object: KubeObject, mapping: ResourceMapping, options: NamespaceOptions): PlacedObject {
  if (!mapping.namespaced) return { object, mapping, namespace: undefined };
  const own = object.metadata?.namespace;
  if (own !== undefined && own !== '') {
    if (options.enforceNamespace === true && own !== options.namespace) throw namespaceMismatchError(own, options.namespace);
    return { object, mapping, namespace: own };
  }
  return { object: { ...object, metadata: { ...object.metadata, namespace: options.namespace } }, mapping, namespace: options.namespace };
}

/** kubectl's error for a manifest whose kind the server does not serve. */
export function mappingNotFound(manifest: Manifest, err: unknown): unknown {
  if (!(err instanceof ResourceTypeError)) return err;
  const meta = manifest.object.metadata;
  return new ResourceTypeError(
    `resource mapping not found for name: "${meta?.name ?? ''}" namespace: "${meta?.namespace ?? ''}" from "${manifest.source}": ${err.message}\nensure CRDs are installed first`,
  );
}

/** Resolves the type and namespace of a manifest object. */
export async function resolveManifest(kinds: KindMapper, manifest: Manifest, options: NamespaceOptions & { signal?: AbortSignal | undefined }): Promise<PlacedObject> {
  let mapping: ResourceMapping;
  try {
    mapping = await kinds.require(manifest.object.apiVersion ?? '', manifest.object.kind ?? '', options.signal);
  } catch (err) {
    throw mappingNotFound(manifest, err);
  }
  return placeObject(manifest.object, mapping, options);
}

/** The resource client for a placed object (bound to its namespace). */
export function clientFor(client: PlatformClient, placed: Pick<PlacedObject, 'mapping' | 'namespace'>): ResourceClient {
  return client.resource(placed.mapping, placed.namespace);
}
