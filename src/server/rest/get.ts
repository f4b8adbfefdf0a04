/**
 * GET of one object: the latest state, or not older than a given resource version (waiting for a
 * version from the future).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext, ServerCore } from '../context.js';
import { notFound } from '../errors.js';
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
