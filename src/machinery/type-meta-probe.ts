/**
 * The words of apimachinery's type probe. Every decoder of a serialized object (the API server's
 * body decoder, client-go's kubeconfig loader and exec-plugin decoder) first reads only
 * `apiVersion` and `kind` into a small anonymous Go struct; a document that is not an object fails
 * there, and Go's message names that struct.
 */
import { goJsonValueKind } from './go-json-syntax.js';

/** The anonymous struct the probe decodes into, as Go prints its type. */
export const TYPE_META_PROBE_STRUCT = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

/** `json: cannot unmarshal string into Go value of type struct { ... }` for a document `value`. */
export function typeMetaProbeError(value: unknown): string {
  return `json: cannot unmarshal ${goJsonValueKind(value)} into Go value of type ${TYPE_META_PROBE_STRUCT}`;
}
