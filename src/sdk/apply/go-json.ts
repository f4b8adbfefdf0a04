/**
 * Compact JSON exactly as Go's encoding/json writes an unstructured object (machinery's Go JSON
 * writer, every object's keys sorted): kubectl stores the last-applied configuration in this form,
 * and so do the server and we, so objects annotated by kubectl and by us compare equal byte for byte.
 */
import { toJson } from '../../machinery/json/go-json.js';

/** Go's `json.Marshal` of a JSON value (objects with sorted keys, no insignificant whitespace). */
export function goJsonCompact(value: unknown): string {
  return toJson(value, { sortAllKeys: true });
}
