/**
 * The API's time formats: ObjectMeta's seconds-precision RFC 3339 and MicroTime's microseconds.
 */

/** RFC 3339 with seconds precision, as ObjectMeta timestamps are written. */
export function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** RFC 3339 with microseconds, as MicroTime fields are written. */
export function microTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/Z$/, '000Z');
}
