/**
 * The two writes that replace or remove a stored object someone has read at a resource version,
 * each followed by the event its watchers see. Update and delete both end in one of them.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext } from '../context.js';
import type { ResourceDef } from '../registry/types.js';
import { metaOf } from '../util/json.js';
import { fromStorage, toStorage } from './keys.js';

/** Stores `next` in place of the object read at `rv` (a MODIFIED write); returns it as stored. */
export async function storeModified(ctx: ServerContext, def: ResourceDef, key: string, rv: number, next: JsonObject, existing: JsonObject): Promise<JsonObject> {
  toStorage(def, next);
  // The store stamps the new resource version.
  delete metaOf(next).resourceVersion;
  const updated = await ctx.store.update(def.bucket, key, () => next, { expectRV: rv });
  const stored = fromStorage(def, updated.value);
  ctx.emitWrite({ type: 'MODIFIED', def, object: stored, old: existing });
  return stored;
}

/** Removes the object read at `rv` (a DELETED write); returns its last stored state. */
export async function storeDeleted(ctx: ServerContext, def: ResourceDef, key: string, rv: number, existing: JsonObject): Promise<JsonObject> {
  const removed = await ctx.store.delete(def.bucket, key, { expectRV: rv });
  const last = fromStorage(def, removed.value);
  ctx.emitWrite({ type: 'DELETED', def, object: last, old: existing });
  return last;
}
