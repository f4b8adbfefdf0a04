/**
 * Boolean query parameters as the API server converts them (apimachinery's
 * `Convert_Slice_string_To_bool`): absent is false (or unset), `0` and `false` in any case are
 * false, and every other value is true, the empty one included (`?watch`, `watch=True`, `force=TRUE`).
 */

/** The value of a boolean parameter: undefined when absent. */
export function queryBool(value: string | null | undefined): boolean | undefined {
  if (value === null || value === undefined) return undefined;
  return !(value === '0' || value.toLowerCase() === 'false');
}
