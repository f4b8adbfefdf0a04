/**
 * The scalar types of the built-in schemas: Go's primitives, and the apimachinery types that are
 * scalars in JSON (times, quantities, int-or-string) but small messages in protobuf.
 */
import type { ScalarSchema, UntypedSchema } from '../../../../machinery/schema/type-schema.js';
import { SCHEMA_NAME_PREFIX } from '../../../naming.js';

function freeze<T extends object>(value: T): T {
  return Object.freeze(value);
}

// Go's primitives are the model's (kubeconfig and kustomization types use them without the tables).
export { BOOLEAN, BYTES, DOUBLE, INT32, INT64, STRING } from '../../../../machinery/schema/type-schema.js';

const META = `${SCHEMA_NAME_PREFIX}.apimachinery.pkg.apis.meta.v1`;

/** `metav1.Time`: RFC 3339 with seconds in JSON; seconds and nanoseconds in protobuf. */
export const TIME: ScalarSchema = freeze({
  kind: 'scalar', type: 'string', format: 'date-time', wire: 'time', name: `${META}.Time`,
  description: 'A point in time, written as an RFC 3339 timestamp with second precision in UTC.',
});

/** `metav1.MicroTime`: RFC 3339 with microseconds. */
export const MICRO_TIME: ScalarSchema = freeze({
  kind: 'scalar', type: 'string', format: 'date-time', wire: 'microTime', name: `${META}.MicroTime`,
  description: 'A point in time with microsecond precision, written as an RFC 3339 timestamp.',
});

/** `metav1.Duration`: a Go duration string (`1h2m3s`); nanoseconds in protobuf. */
export const DURATION: ScalarSchema = freeze({ kind: 'scalar', type: 'string', wire: 'duration', go: 'v1.Duration' });

/** `resource.Quantity`: a fixed-point number with an optional suffix (`500m`, `1Gi`); a string or a number in JSON. */
export const QUANTITY: ScalarSchema = freeze({
  kind: 'scalar', wire: 'quantity', name: `${SCHEMA_NAME_PREFIX}.apimachinery.pkg.api.resource.Quantity`,
  description: 'A fixed-point amount such as `100m`, `2`, `1.5Gi` or `1e3`: decimal SI suffixes (m, k, M, G, T, P, E), binary ones (Ki, Mi, Gi, Ti, Pi, Ei) or an exponent. Written as a string; numbers are accepted on input.',
});

/** `intstr.IntOrString`: an integer or a string. */
export const INT_OR_STRING: ScalarSchema = freeze({
  kind: 'scalar', format: 'int-or-string', wire: 'intOrString', name: `${SCHEMA_NAME_PREFIX}.apimachinery.pkg.util.intstr.IntOrString`,
  description: 'Either an integer or a string, such as a port number or a port name, or a count or a percentage.',
});

/** `runtime.RawExtension`: an embedded object of whatever kind, JSON in protobuf's `raw` bytes. */
export const RAW_EXTENSION: UntypedSchema = freeze({
  kind: 'untyped', wire: 'rawExtension', name: `${SCHEMA_NAME_PREFIX}.apimachinery.pkg.runtime.RawExtension`,
  description: 'An embedded object of whatever kind, kept as it was sent.',
});

/** `metav1.FieldsV1`: a managed-fields set, a JSON object in its own format. */
export const FIELDS_V1: UntypedSchema = freeze({
  kind: 'untyped', wire: 'fieldsV1', name: `${META}.FieldsV1`,
  description: 'A set of field paths as a tree of JSON objects: `f:<name>` for a struct field or map key, `k:<keys>` for a list item by its keys, `v:<value>` for a set item, `i:<index>` for a list item by position, and `.` for the node itself.',
});
