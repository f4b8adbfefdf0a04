/**
 * The `Accept` values the REST layer sends, with fallbacks, and media-type helpers.
 */
import { MEDIA_TYPES } from '../naming.js';

/** Server-side Table (v1, then v1beta1), falling back to plain JSON for types without a Table. */
export const TABLE_ACCEPT = `${MEDIA_TYPES.table},${MEDIA_TYPES.tableV1beta1},${MEDIA_TYPES.json}`;

/** Aggregated discovery (v2, then v2beta1), falling back to the legacy documents. */
export const AGGREGATED_DISCOVERY_ACCEPT = [
  MEDIA_TYPES.aggregatedDiscovery,
  MEDIA_TYPES.aggregatedDiscovery.replace(';v=v2;', ';v=v2beta1;'),
  MEDIA_TYPES.json,
].join(',');

/** Protobuf, falling back to JSON (types without protobuf support, such as custom resources). */
export const PROTOBUF_ACCEPT = `${MEDIA_TYPES.protobuf},${MEDIA_TYPES.json}`;

/** The media type without parameters, lower-cased (`application/json`). */
export function baseMediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
