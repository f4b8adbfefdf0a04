/**
 * A typed-struct artifact kubectl's dump shows: an embedded ObjectMeta without a creation time
 * (a workload's pod template) marshals `"creationTimestamp": null`, because Go never omits a
 * struct-typed field. Added where the Go field order puts it.
 */
import type { KubeObject } from '../../../../sdk/types/meta.js';
import { isJsonObject } from '../../../../machinery/json/values.js';

// ObjectMeta fields that come after creationTimestamp in Go's field order.
const AFTER_CREATION = new Set(['deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields']);

function withNullCreation(meta: Record<string, unknown>): Record<string, unknown> {
  if ('creationTimestamp' in meta) return meta;
  const out: Record<string, unknown> = {};
  let added = false;
  for (const [k, v] of Object.entries(meta)) {
    if (!added && AFTER_CREATION.has(k)) {
      out.creationTimestamp = null;
      added = true;
    }
    out[k] = v;
  }
  if (!added) out.creationTimestamp = null;
  return out;
}

/** The object with `spec.template.metadata.creationTimestamp: null` when the template has metadata without one. */
export function withTemplateCreationTimestamp(object: KubeObject): KubeObject {
  const spec = object.spec;
  if (!isJsonObject(spec) || !isJsonObject(spec.template)) return object;
  const template = spec.template;
  const metadata = isJsonObject(template.metadata) ? template.metadata : {};
  return { ...object, spec: { ...spec, template: { ...template, metadata: withNullCreation(metadata) } } };
}
