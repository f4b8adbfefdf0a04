/**
 * How a controller records what it observed: the object's status replaced through the status
 * subresource, when it changed, and only on the object it read (not on one re-created under the
 * same name since).
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import type { ControllerKit } from '../../../control/kit.js';
import type { ResourceDef } from '../../../registry/types.js';
import { jsonEqual } from '../../../../machinery/json/equal.js';
import { asObject, asString } from '../../../util/json.js';
import { uidOf } from './controller-ref.js';

/** Writes `status` as the status of `obj` unless it is the same; the object as written (or `obj` when unchanged, undefined when gone). */
export async function writeStatus(kit: ControllerKit, def: ResourceDef, obj: JsonObject, status: JsonObject): Promise<JsonObject | undefined> {
  if (jsonEqual(asObject(obj.status) ?? {}, status)) return obj;
  const meta = asObject(obj.metadata) ?? {};
  return kit.client.update(def, asString(meta.namespace) ?? '', asString(meta.name) ?? '', (o) => {
    if (uidOf(o) !== uidOf(obj)) return false;
    o.status = status;
    return true;
  }, 'status');
}
