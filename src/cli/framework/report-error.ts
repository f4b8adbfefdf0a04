/**
 * Turns any error a command throws into kubectl's one-line messages on stderr and an exit code.
 * Stack traces appear only at `-v=4` and above.
 */
import { ConfigError, InputError, PlatformError, StatusError, TimeoutError, TransportError } from '../../sdk/errors.js';
import { BINARY_NAME } from '../../sdk/naming.js';
import { PLAIN, type Colors } from '../io/colors.js';
import type { Output } from '../io/io.js';
import { ExitError, UsageError } from './usage-error.js';

/** `error:` at the start of a line, in red when stderr is coloured. */
export function paintErrorPrefix(text: string, colors: Colors): string {
  return colors.enabled ? text.replace(/^error:/gm, colors.red('error:')) : text;
}

/** An error with a line under its message that says what to do about it. */
export class HintedError extends Error {
  override name = 'HintedError';
  constructor(readonly error: unknown, readonly hint: string) {
    super(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** Writes the message for `err` and returns the exit code. */
export function reportError(err: unknown, stderr: Output, commandPath: readonly string[], verbosity: number, colors: Colors = PLAIN): number {
  if (err instanceof HintedError) {
    const code = reportError(err.error, stderr, commandPath, verbosity, colors);
    stderr.write(`${err.hint}\n`);
    return code;
  }
  if (err instanceof ExitError) {
    if (err.message !== '') stderr.write(`${paintErrorPrefix(err.message, colors)}\n`);
    return err.exitCode;
  }
  stderr.write(`${paintErrorPrefix(formatError(err, commandPath), colors)}\n`);
  if (verbosity >= 4 && err instanceof Error && err.stack !== undefined) stderr.write(`${err.stack}\n`);
  return 1;
}

/** The message kubectl would print for `err` (may span lines only for usage hints). */
export function formatError(err: unknown, commandPath: readonly string[]): string {
  if (err instanceof UsageError) {
    const cmd = [BINARY_NAME, ...commandPath].join(' ');
    return err.showHelpHint ? `error: ${err.message}\nSee '${cmd} --help' for usage.` : `error: ${err.message}`;
  }
  if (err instanceof StatusError) return err.reason === 'Invalid' ? formatInvalidError(err) : formatStatusError(err);
  if (err instanceof TimeoutError) return `Unable to connect to the server: ${err.message}`;
  if (err instanceof TransportError) return formatTransportError(err);
  if (err instanceof ConfigError) {
    // kubectl's MultilineError("Error in configuration: ", err).
    const problems = err.configurationProblems;
    if (problems !== undefined && problems.length === 1) return `Error in configuration: ${problems[0] ?? ''}`;
    if (problems !== undefined && problems.length > 1) return `Error in configuration: \n${problems.map((p) => `* ${p}`).join('\n')}`;
    return `error: ${err.message}`;
  }
  if (err instanceof InputError) {
    const where = err.file === undefined ? '' : `${err.file}${err.line === undefined ? '' : `:${err.line}${err.column === undefined ? '' : `:${err.column}`}`}: `;
    return `error: ${where}${err.message}`;
  }
  if (err instanceof PlatformError) return `error: ${err.message}`;
  if (err instanceof Error) return `error: ${err.message}`;
  return `error: ${String(err)}`;
}

/**
 * kubectl's `checkErr` for a 422: `The ConfigMap "x" is invalid: data: Invalid value: ...` built from
 * the details (not the message), one cause on the line, several as `* ` lines under the heading.
 */
export function formatInvalidError(err: StatusError): string {
  const details = err.status.details;
  if (details === undefined) return 'The request is invalid';
  const kind = details.kind ?? '';
  const name = details.name ?? '';
  const heading = kind !== '' || name !== '' ? `The ${kind} ${JSON.stringify(name)} is invalid` : 'The request is invalid';
  const seen = new Set<string>();
  const causes: string[] = [];
  for (const cause of details.causes ?? []) {
    const line = `${cause.field ?? ''}: ${cause.message ?? ''}`;
    if (seen.has(line)) continue;
    seen.add(line);
    causes.push(line);
  }
  if (causes.length === 0) return heading;
  if (causes.length === 1) return `${heading}: ${causes[0] ?? ''}`;
  return `${heading}: \n${causes.map((c) => `* ${c}`).join('\n')}`;
}

/** `Error from server (NotFound): configmaps "x" not found`. */
export function formatStatusError(err: StatusError): string {
  const reason = err.reason;
  const message = err.status.message ?? err.message;
  // kubectl's StandardErrorMessage words a 401 as a login problem, with the server's message.
  if (reason === 'Unauthorized') return `error: You must be logged in to the server (${message})`;
  if (reason === '' || reason === 'Unknown' || reason === undefined) {
    return `Error from server: ${message}`;
  }
  return `Error from server (${reason}): ${message}`;
}

/** kubectl's line for a refused connection. */
function refusedConnectionLine(hostPort: string): string {
  return `The connection to the server ${hostPort} was refused - did you specify the right host or port?`;
}

/** Finds {@link refusedConnectionLine} in a report of several errors; group 1 is `host:port`. */
export const REFUSED_CONNECTION = /^The connection to the server (\S+) was refused - did you specify the right host or port\?$/m;

function formatTransportError(err: TransportError): string {
  const cause = err.cause as { code?: string } | undefined;
  if (cause?.code === 'ECONNREFUSED' && err.url !== undefined) {
    let hostPort = err.url;
    try {
      hostPort = new URL(err.url).host;
    } catch {
      // keep the raw URL
    }
    return refusedConnectionLine(hostPort);
  }
  // kubectl prints the cause of a url.Error without its operation and URL.
  return `Unable to connect to the server: ${err.reason ?? err.message}`;
}
