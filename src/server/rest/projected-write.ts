/**
 * Writes through a sub-resource that changes one part of the stored object (`status`, `approval`,
 * `ephemeralcontainers`): the written or patched object is projected onto the stored one, which
 * takes only that part, and the bookkeeping of the write.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext } from '../context.js';
import { asObject, metaOf } from '../util/json.js';
import { trackUpdate } from './managed-fields.js';
import { patchObject, type PatchParams } from './patch.js';
import { updateObject, type UpdateResult } from './update.js';
import type { WriteRequest } from './write-request.js';

/** The stored object with the part a sub-resource writes taken from `source`. */
export type Projection = (existing: JsonObject, source: JsonObject) => JsonObject;

/** `out` with the bookkeeping of the written `source`: its managedFields and resourceVersion. */
export function withBookkeepingOf(out: JsonObject, source: JsonObject): JsonObject {
  const sourceMeta = asObject(source.metadata);
  const meta = metaOf(out);
  if (sourceMeta?.managedFields !== undefined) meta.managedFields = structuredClone(sourceMeta.managedFields);
  const rv = sourceMeta?.resourceVersion;
  if (rv !== undefined) meta.resourceVersion = rv;
  else delete meta.resourceVersion;
  return out;
}

/** PUT of `obj` (checked by the caller) through `project`; the object must exist. */
export async function updateProjected(ctx: ServerContext, req: WriteRequest, obj: JsonObject, project: Projection): Promise<UpdateResult> {
  return updateObject(ctx, req, {
    allowCreate: false,
    transform: (existing) => (existing === undefined ? obj : trackUpdate(req, existing, project(existing, obj), ctx.now())),
  });
}

/** PATCH (any type) of the whole stored object, of which `project` keeps its part. */
export async function patchProjected(ctx: ServerContext, req: WriteRequest, params: Omit<PatchParams, 'view'>, project: Projection): Promise<UpdateResult> {
  return patchObject(ctx, req, { ...params, view: { toPatchTarget: (existing) => existing, fromPatchResult: project } });
}
