/**
 * GET of one object: the latest state, or not older than a given resource version (waiting for a
 * version from the future).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext, ServerCore } from '../context.js';
import { notFound } from '../errors.js';
import { storedAs, type KindDef } from '../registry/kind-def.js';
import { groupResource } from '../registry/types.js';
import type { ResourceDef } from '../registry/types.js';
import { fromStorage, objectKey } from './keys.js';
import { parseResourceVersion, waitForResourceVersion } from './resource-version.js';

/** Reads one object; 404 when missing. */
export async function getObject(ctx: ServerContext, def: ResourceDef, namespace: string, name: string, resourceVersion?: string | null, signal?: AbortSignal): Promise<JsonObject> {
  const rv = parseResourceVersion(resourceVersion);
  if (rv !== undefined && rv > 0) await waitForResourceVersion(ctx, rv, signal);
  const entry = await ctx.store.get(def.bucket, objectKey(def, namespace, name));
  if (entry === undefined) throw notFound(groupResource(def), name);
  return fromStorage(def, entry.value);
}

/** Reads one object or undefined. */
export async function findObject(ctx: ServerCore, def: ResourceDef, namespace: string, name: string): Promise<JsonObject | undefined> {
  const entry = await ctx.store.get(def.bucket, objectKey(def, namespace, name));
  return entry === undefined ? undefined : fromStorage(def, entry.value);
}

/** {@link findObject} through a typed def: the stored object as its kind's type. */
export async function findStored<T extends JsonObject>(ctx: ServerCore, def: KindDef<T>, namespace: string, name: string): Promise<T | undefined> {
  const obj = await findObject(ctx, def, namespace, name);
  return obj === undefined ? undefined : storedAs(def, obj);
}
