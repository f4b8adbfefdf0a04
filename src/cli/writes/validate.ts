/**
 * `--validate`: kubectl's values mapped onto the server's `fieldValidation` query parameter.
 */
import type { FlagReader } from '../framework/flag-reader.js';
import type { FlagSpec } from '../framework/spec.js';
import { UsageError } from '../framework/usage-error.js';

/** The `--validate` flag. */
export const VALIDATE_FLAG = { name: 'validate', type: 'string', default: 'strict', description: 'Must be one of: strict (or true), warn, ignore (or false). "true" or "strict" will use a schema to validate the input and fail the request if invalid. "warn" will warn about unknown or duplicate fields without blocking the request. "false" or "ignore" will not perform any schema validation, silently dropping any unknown or duplicate fields.', complete: { kind: 'values', values: ['strict', 'warn', 'ignore'] }, noOptDefault: 'strict' } as const satisfies FlagSpec;

/** The server's field validation for `--validate`. */
export function fieldValidation(flags: FlagReader<typeof VALIDATE_FLAG>): 'Strict' | 'Warn' | 'Ignore' {
  const value = (flags.string('validate') ?? 'strict').toLowerCase();
  if (value === 'strict' || value === 'true' || value === '') return 'Strict';
  if (value === 'warn') return 'Warn';
  if (value === 'ignore' || value === 'false') return 'Ignore';
  throw new UsageError(`invalid - validate option "${flags.string('validate') ?? ''}"; must be one of: strict (or true), warn, ignore (or false)`, false);
}
