/** The error the kustomize engine throws for every problem with a kustomization tree. */
import { InputError } from '../errors.js';

/**
 * A kustomization, a resource it names, or the result of building it is invalid. `file` names
 * the file at fault when one is known.
 */
export class KustomizeError extends InputError {
  static override readonly brand: string = 'KustomizeError';
  override name = 'KustomizeError';
}

/** Prefixes the message of a {@link KustomizeError} (or wraps any other error) with context. */
export function withContext(err: unknown, context: string, file?: string): KustomizeError {
  const message = err instanceof Error ? err.message : String(err);
  const known = err instanceof InputError ? err.file : undefined;
  const where = known ?? file;
  const options: { file?: string; line?: number; column?: number; cause: unknown } = { cause: err };
  if (where !== undefined) options.file = where;
  if (err instanceof InputError && err.line !== undefined) options.line = err.line;
  if (err instanceof InputError && err.column !== undefined) options.column = err.column;
  return new KustomizeError(`${context}: ${message}`, options);
}

/** The error with `file` attached when it names no file yet (the message is kept as it is). */
export function withFile(err: unknown, file: string): Error {
  if (err instanceof InputError) {
    if (err.file !== undefined) return err;
    const options: { file: string; line?: number; column?: number; cause: unknown } = { file, cause: err };
    if (err.line !== undefined) options.line = err.line;
    if (err.column !== undefined) options.column = err.column;
    return new KustomizeError(err.message, options);
  }
  return new KustomizeError(err instanceof Error ? err.message : String(err), { file, cause: err });
}
