/**
 * Reporting the failures of a multi-object command as kubectl does: one error is printed like any
 * command error (`error: ...`, `Error from server (...): ...`); several are printed one per line,
 * server errors as `Error from server (...)` and the others without the `error: ` prefix. The
 * command then exits 1 (an {@link ExitError} carries the text).
 */
import { StatusError } from '../../sdk/errors.js';
import { ExitError } from '../framework/usage-error.js';

/**
 * Builds the error that ends a command whose objects failed (undefined when none did).
 * `readErrors` are those of manifests that could not be read (kubectl's resource builder reports
 * them after the objects' own errors, all on one line in brackets when there are several).
 */
export async function failuresError(errors: readonly unknown[], commandPath: readonly string[], readErrors: readonly unknown[] = []): Promise<ExitError | undefined> {
  if (errors.length === 0 && readErrors.length === 0) return undefined;
  const { formatError, formatStatusError } = await import('../framework/report-error.js');
  const line = (err: unknown): string => (err instanceof StatusError ? formatStatusError(err) : formatError(err, commandPath).replace(/^error: /, ''));
  const all = errors.length === 0 ? readErrors : readErrors.length === 0 ? errors : undefined;
  if (all !== undefined) {
    if (all.length === 1) return new ExitError(1, formatError(all[0], commandPath));
    return new ExitError(1, all.map(line).join('\n'));
  }
  const lines = errors.map(line);
  lines.push(readErrors.length === 1 ? line(readErrors[0]) : `[${readErrors.map(line).join(', ')}]`);
  return new ExitError(1, lines.join('\n'));
}

/** Throws the error {@link failuresError} builds, when any object failed. */
export async function throwFailures(errors: readonly unknown[], commandPath: readonly string[], readErrors: readonly unknown[] = []): Promise<void> {
  const failure = await failuresError(errors, commandPath, readErrors);
  if (failure !== undefined) throw failure;
}
