/**
 * Pods from a controller's template (`controller.GetPodFromTemplate`): the template's labels,
 * annotations, finalizers and spec, the controller reference, and a generated name after the
 * controller's name.
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import { asArray, asObject } from '../../../util/json.js';
import { refJson, type OwnerRef } from './controller-ref.js';

/** Options of {@link podFromTemplate}. */
export interface PodNaming {
  /** A fixed name (StatefulSet pods). */
  name?: string;
  /** A name prefix the server completes (`web-7d9c8b6f5-`). */
  generateName?: string;
}

/** A new pod for `template` in `namespace`, controlled by `ref`. */
export function podFromTemplate(template: JsonObject | undefined, namespace: string, ref: OwnerRef | undefined, naming: PodNaming): JsonObject {
  const t = structuredClone(template ?? {});
  const tmeta = asObject(t.metadata) ?? {};
  const meta: JsonObject = { namespace };
  if (naming.name !== undefined) meta.name = naming.name;
  if (naming.generateName !== undefined) meta.generateName = naming.generateName;
  const labels = asObject(tmeta.labels);
  if (labels !== undefined) meta.labels = labels;
  const annotations = asObject(tmeta.annotations);
  if (annotations !== undefined) meta.annotations = annotations;
  const finalizers = asArray(tmeta.finalizers);
  if (finalizers !== undefined) meta.finalizers = finalizers;
  if (ref !== undefined) meta.ownerReferences = [refJson(ref)];
  return { apiVersion: 'v1', kind: 'Pod', metadata: meta, spec: asObject(t.spec) ?? {} };
}
