/**
 * Reporting the failures of a multi-object command as kubectl does: one error is printed like any
 * command error (`error: ...`, `Error from server (...): ...`); several are printed one per line,
 * server errors as `Error from server (...)` and the others without the `error: ` prefix. The
 * command then exits 1 (an {@link ExitError} carries the text).
 */
import { StatusError } from '../../../../sdk/errors.js';
import { ExitError } from '../../../framework/usage-error.js';

/** Builds the error that ends a command whose objects failed (undefined when none did). */
export async function failuresError(errors: readonly unknown[], commandPath: readonly string[]): Promise<ExitError | undefined> {
  if (errors.length === 0) return undefined;
  const { formatError, formatStatusError } = await import('../../../framework/report-error.js');
  if (errors.length === 1) return new ExitError(1, formatError(errors[0], commandPath));
  const lines = errors.map((err) => (err instanceof StatusError ? formatStatusError(err) : formatError(err, commandPath).replace(/^error: /, '')));
  return new ExitError(1, lines.join('\n'));
}
