/** The owners of an object's fields, as `blame` reads them from `managedFields`. */
import type { JsonValue } from './meta.js';

/** One manager's claim on a field. */
export interface FieldOwner {
  manager: string;
  /** `Apply` (server-side apply) or `Update` (any other write). */
  operation: string;
  /** When the manager last changed its set (RFC 3339), when the server recorded it. */
  time?: string | undefined;
  /** `status`, `scale`...: the sub-resource the manager wrote through. */
  subresource?: string | undefined;
}

/** One node of the object, in document order. */
export interface OwnedField {
  /** The steps from the root: map keys and list indices. */
  path: (string | number)[];
  /** `spec.containers[0].image`. */
  pathText: string;
  /** The node's value (an object or array for inner nodes). */
  value: JsonValue;
  /** True for a scalar, an empty map or an empty list. */
  leaf: boolean;
  /** The managers that own the node itself (for an inner node: that claimed it as a whole). */
  owners: FieldOwner[];
}
