/**
 * Writes through `pods/<name>/ephemeralcontainers` (UpdateEphemeralContainers and its patches): the
 * written Pod is projected onto the stored one, so that only `spec.ephemeralContainers` changes
 * (the API server's dropNonEphemeralContainerUpdates); the kind's sub-resource validation then
 * allows additions only.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { ServerContext } from '../context.js';
import { badRequest } from '../errors.js';
import { asObject, asString } from '../util/json.js';
import { checkTypeMeta } from './object-meta.js';
import type { PatchParams } from './patch.js';
import { patchProjected, updateProjected, withBookkeepingOf } from './projected-write.js';
import type { UpdateResult } from './update.js';
import type { WriteRequest } from './write-request.js';

/** The stored pod with the ephemeral containers (and the bookkeeping of the write) of `source`. */
function withEphemeralContainersOf(existing: JsonObject, source: JsonObject): JsonObject {
  const out = structuredClone(existing);
  const spec = asObject(out.spec) ?? {};
  const ephemeral = asObject(source.spec)?.ephemeralContainers;
  if (ephemeral === undefined || ephemeral === null) delete spec.ephemeralContainers;
  else spec.ephemeralContainers = structuredClone(ephemeral);
  out.spec = spec;
  return withBookkeepingOf(out, source);
}

/** PUT of `pods/<name>/ephemeralcontainers`. */
export async function updateEphemeralContainers(ctx: ServerContext, req: WriteRequest, body: JsonObject): Promise<UpdateResult> {
  const obj = structuredClone(body);
  checkTypeMeta(req.def, obj);
  const name = asString(asObject(obj.metadata)?.name) ?? '';
  if (name !== req.name) throw badRequest(`the name of the object (${name}) does not match the name on the URL (${req.name})`);
  req.def.hooks.defaults?.(obj);
  return updateProjected(ctx, req, obj, withEphemeralContainersOf);
}

/** PATCH of `pods/<name>/ephemeralcontainers` (every patch type; the patch applies to the whole Pod). */
export async function patchEphemeralContainers(ctx: ServerContext, req: WriteRequest, params: Omit<PatchParams, 'view'>): Promise<UpdateResult> {
  return patchProjected(ctx, req, params, withEphemeralContainersOf);
}
