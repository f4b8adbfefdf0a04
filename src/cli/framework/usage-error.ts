/**
 * A mistake in how the command was called (bad flag value, missing argument). The CLI prints it as
 * `error: <message>` followed by the `See '<cmd> --help' for usage.` hint, and exits 1.
 */
export class UsageError extends Error {
  override name = 'UsageError';
  /** Whether to add the "See '... --help' for usage." line. */
  readonly showHelpHint: boolean;
  constructor(message: string, showHelpHint = true) {
    super(message);
    this.showHelpHint = showHelpHint;
  }
}

/**
 * `run`'s result; an error of class `kind` (a parser refusing a flag's or an argument's value)
 * becomes a UsageError without the help hint, its message made of the error's by `message`.
 */
export function usageErrorOn<T, E extends Error>(kind: abstract new (...args: never[]) => E, run: () => T, message: (e: E) => string = (e) => e.message): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof kind) throw new UsageError(message(e), false);
    throw e;
  }
}

/** An error already reported to the user in full; the CLI only sets the exit code. */
export class ExitError extends Error {
  override name = 'ExitError';
  readonly exitCode: number;
  constructor(exitCode: number, message = '') {
    super(message);
    this.exitCode = exitCode;
  }
}
