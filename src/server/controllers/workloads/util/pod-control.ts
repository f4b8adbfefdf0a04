/**
 * client-go's PodControl as the workload controllers use it: a pod created or deleted for its
 * owner, with the event the owner gets (`SuccessfulCreate` or `FailedCreate`, `SuccessfulDelete`).
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import { errorMessage, type ControllerKit } from '../../../control/kit.js';
import type { AnyDef } from '../../../registry/kind-def.js';
import { nameOf } from '../../../util/json.js';

/** Creates `pod` in `namespace` for `owner`; a failure is recorded on the owner and thrown. */
export async function createPodFor<T extends JsonObject>(kit: ControllerKit, podDef: AnyDef<T>, namespace: string, pod: T, owner: JsonObject): Promise<void> {
  try {
    const created = await kit.client.create(podDef, namespace, pod);
    kit.recorder.event(owner, 'Normal', 'SuccessfulCreate', `Created pod: ${nameOf(created)}`);
  } catch (e) {
    kit.recorder.event(owner, 'Warning', 'FailedCreate', `Error creating: ${errorMessage(e)}`);
    throw e;
  }
}

/** Deletes `owner`'s pod `pod` from `namespace`, recording the deletion when the pod was still there. */
export async function deletePodOf<T extends JsonObject>(kit: ControllerKit, podDef: AnyDef<T>, namespace: string, pod: T, owner: JsonObject): Promise<void> {
  const r = await kit.client.delete(podDef, namespace, nameOf(pod));
  if (r !== undefined) kit.recorder.event(owner, 'Normal', 'SuccessfulDelete', `Deleted pod: ${nameOf(pod)}`);
}
