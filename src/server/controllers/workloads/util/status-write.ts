/**
 * How a controller records what it observed: the object's status replaced through the status
 * subresource, when it changed, and only on the object it read (not on one re-created under the
 * same name since).
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import type { ControllerKit } from '../../../control/kit.js';
import type { AnyDef } from '../../../registry/kind-def.js';
import { jsonEqual } from '../../../../machinery/json/equal.js';
import { nameOf, namespaceOf, uidOf } from '../../../util/json.js';

/** Writes `status` as the status of `obj` unless it is the same; the object as written (or `obj` when unchanged, undefined when gone). */
export async function writeStatus<T extends JsonObject>(kit: ControllerKit, def: AnyDef<T>, obj: T, status: NonNullable<T['status']>): Promise<T | undefined> {
  if (jsonEqual(obj.status ?? {}, status)) return obj;
  return kit.client.update(def, namespaceOf(obj), nameOf(obj), (o) => {
    if (uidOf(o) !== uidOf(obj)) return false;
    // Written through the object's JSON view: `status` is of the object's own status type.
    const json: JsonObject = o;
    json.status = status;
    return true;
  }, 'status');
}
