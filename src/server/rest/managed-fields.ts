/**
 * Field ownership on every write through the field manager (server-side apply engine): updates
 * take ownership of what they change; apply merges with conflicts.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { timestamp } from '../util/time.js';
import { applyObject, updateManagedFields } from '../fieldmanager/index.js';
import { apiVersionOf, type ResourceDef } from '../registry/types.js';
import { asKube, fromKube, type WriteRequest } from './write-request.js';

/** Fields an endpoint resets whatever the request says: nobody gains ownership of them there. */
function resetFields(def: ResourceDef, subresource: string, obj: JsonObject): string[][] | undefined {
  if (!def.statusSubresource) return undefined;
  if (subresource === '') return [['status']];
  if (subresource === 'status') {
    return Object.keys(obj).filter((k) => k !== 'apiVersion' && k !== 'kind' && k !== 'metadata' && k !== 'status').map((k) => [k]);
  }
  return undefined;
}

/** managedFields of a non-apply write (create, update, patch). */
export function trackUpdate(req: WriteRequest, live: JsonObject | undefined, updated: JsonObject, now: number): JsonObject {
  const result = updateManagedFields({
    live: live === undefined ? undefined : asKube(live),
    updated: asKube(updated),
    manager: req.fieldManager,
    apiVersion: apiVersionOf(req.def),
    schema: req.def.schema(),
    now: timestamp(now),
    operation: 'Update',
    ...(req.subresource !== '' ? { subresource: req.subresource } : {}),
    ...withReset(req, updated),
  });
  return fromKube(result);
}

/** The result of applying `applied` over `live` (throws ApplyConflictError on conflicts). */
export function trackApply(req: WriteRequest, live: JsonObject | undefined, applied: JsonObject, force: boolean, now: number): JsonObject {
  const result = applyObject({
    live: live === undefined ? undefined : asKube(live),
    applied: asKube(applied),
    manager: req.fieldManager,
    apiVersion: apiVersionOf(req.def),
    force,
    schema: req.def.schema(),
    now: timestamp(now),
    ...(req.subresource !== '' ? { subresource: req.subresource } : {}),
    ...withReset(req, live ?? applied),
  });
  return fromKube(result);
}

function withReset(req: WriteRequest, obj: JsonObject): { resetFields?: string[][] } {
  const fields = resetFields(req.def, req.subresource, obj);
  return fields === undefined ? {} : { resetFields: fields };
}
