/**
 * kubectl's error aggregation for `get`: the errors of single objects (NotFound, Forbidden) do not
 * stop the others; they are printed after the output, one line each, and the exit code is 1.
 */
import { formatError } from '../../framework/report-error.js';
import { ExitError } from '../../framework/usage-error.js';

/** Throws the collected errors as one report (nothing when there are none). */
export function throwCollected(errors: readonly unknown[], commandPath: readonly string[]): void {
  const [first] = errors;
  if (first === undefined) return;
  if (errors.length === 1) throw first;
  throw new ExitError(1, errors.map((e) => formatError(e, commandPath)).join('\n'));
}
