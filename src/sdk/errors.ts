/**
 * The SDK's typed error hierarchy. Every error the SDK throws on purpose is a {@link PlatformError};
 * callers branch on the subclass (and on {@link StatusError.reason}) instead of parsing messages.
 * Messages are single lines without secrets, so the CLI can print them as they are.
 *
 * @packageDocumentation
 */
import { isInstanceOrBranded } from './types/class-brand.js';
import type { Status, StatusCause, StatusDetails } from './types/status.js';

/**
 * Base class of every error the SDK raises deliberately. Each class declares a brand, so that
 * `instanceof` also holds for errors thrown by another copy of this module (the CLI's side bundles,
 * `types/class-brand.ts`).
 */
export class PlatformError extends Error {
  static readonly brand: string = 'PlatformError';
  /** Instances of this class or of a copy of it. */
  static override [Symbol.hasInstance]<T>(this: abstract new (...args: never[]) => T, value: unknown): value is T {
    return isInstanceOrBranded(this, value);
  }

  override name = 'PlatformError';
  constructor(message: string, options?: { cause?: unknown }) {
    // Error gives itself a `cause` whenever the options have the key, even when it is undefined.
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
  }
}

/** The server answered with an error Status (or an error code without one, synthesized into one). */
export class StatusError extends PlatformError {
  static override readonly brand: string = 'StatusError';
  override name = 'StatusError';
  /** The Status the server sent (or one built from the HTTP response when it sent none). */
  readonly status: Status;
  /** HTTP status code. */
  readonly code: number;
  /** Machine-readable reason (`NotFound`, `Conflict`, ...), or `Unknown`. */
  readonly reason: string;
  /** Seconds to wait before retrying, from `Retry-After` or `details.retryAfterSeconds`. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: Status, code?: number, retryAfterSeconds?: number) {
    super(status.message ?? `the server returned HTTP ${code ?? status.code ?? 'error'}`);
    this.status = status;
    this.code = code ?? status.code ?? 500;
    this.reason = status.reason ?? 'Unknown';
    this.retryAfterSeconds = retryAfterSeconds ?? status.details?.retryAfterSeconds;
  }

  /** `details` of the Status, if any. */
  get details(): StatusDetails | undefined {
    return this.status.details;
  }

  /** `details.causes` of the Status (invalid fields, apply conflicts), or an empty list. */
  get causes(): StatusCause[] {
    return this.status.details?.causes ?? [];
  }
}

/** True when `err` is a {@link StatusError} with the given reason (or HTTP code). */
export function isStatusError(err: unknown, reasonOrCode?: string | number): err is StatusError {
  if (!(err instanceof StatusError)) return false;
  if (reasonOrCode === undefined) return true;
  return typeof reasonOrCode === 'number' ? err.code === reasonOrCode : err.reason === reasonOrCode;
}

/** An error about something read from a file, which says where in it when it knows: {@link ConfigError}, {@link InputError}. */
export abstract class LocatedError extends PlatformError {
  static override readonly brand: string = 'LocatedError';
  /** File the problem is in, when it came from a file. */
  readonly file: string | undefined;
  /** 1-based line (of a YAML syntax error, say), when known. */
  readonly line: number | undefined;
  constructor(message: string, options?: { file?: string; line?: number; cause?: unknown }) {
    super(message, options);
    this.file = options?.file;
    this.line = options?.line;
  }
}

/** A config file (or the overrides given with it) is malformed or inconsistent. */
export class ConfigError extends LocatedError {
  static override readonly brand: string = 'ConfigError';
  override name = 'ConfigError';
  /**
   * The problems of client-go's "invalid configuration" (a context that is not there, or several
   * problems at once), which kubectl reports under `Error in configuration:`; undefined otherwise.
   */
  readonly configurationProblems: readonly string[] | undefined;
  constructor(message: string, options?: { file?: string; line?: number; cause?: unknown; configurationProblems?: readonly string[] }) {
    super(message, options);
    this.configurationProblems = options?.configurationProblems;
  }
}

/** A request could not be completed at the transport level (connection refused, TLS, reset). */
export class TransportError extends PlatformError {
  static override readonly brand: string = 'TransportError';
  override name = 'TransportError';
  /** URL of the failed request (never carries credentials). */
  readonly url: string | undefined;
  /**
   * What went wrong without the request it happened to (`net/http: TLS handshake timeout`), as
   * kubectl prints it after `Unable to connect to the server: `; the message adds `Get "<url>": `.
   */
  readonly reason: string | undefined;
  /** The connection failed while the body was being read (the server had answered): a dropped stream. */
  readonly afterResponse: boolean;
  constructor(message: string, options?: { url?: string; cause?: unknown; reason?: string; afterResponse?: boolean }) {
    super(message, options);
    this.url = options?.url;
    this.reason = options?.reason;
    this.afterResponse = options?.afterResponse ?? false;
  }
}

/** A request exceeded its timeout (`--request-timeout`, or a call's own deadline). */
export class TimeoutError extends TransportError {
  static override readonly brand: string = 'TimeoutError';
  override name = 'TimeoutError';
}

/** The server's answer could not be understood (bad JSON, unknown protobuf prefix, wrong media type). */
export class ProtocolError extends PlatformError {
  static override readonly brand: string = 'ProtocolError';
  override name = 'ProtocolError';
}

/** An exec credential plugin failed: missing, crashed, timed out, or printed something invalid. */
export class ExecPluginError extends PlatformError {
  static override readonly brand: string = 'ExecPluginError';
  override name = 'ExecPluginError';
  /** Exit code of the plugin, when it exited. */
  readonly exitCode: number | undefined;
  /** What the plugin wrote to stderr, when it was captured. */
  readonly stderr: string | undefined;
  constructor(message: string, options?: { exitCode?: number; stderr?: string; cause?: unknown }) {
    super(message, options);
    this.exitCode = options?.exitCode;
    this.stderr = options?.stderr;
  }
}

/** A resource type name did not match anything the server serves, or matched several. */
export class ResourceTypeError extends PlatformError {
  static override readonly brand: string = 'ResourceTypeError';
  override name = 'ResourceTypeError';
  /** For an ambiguous name: the candidates, as `resource.version.group`. */
  readonly candidates: string[];
  constructor(message: string, candidates: string[] = []) {
    super(message);
    this.candidates = candidates;
  }
}

/** Input the caller supplied is invalid (a manifest, a selector, a JSONPath template, a patch). */
export class InputError extends LocatedError {
  static override readonly brand: string = 'InputError';
  override name = 'InputError';
  /** 1-based column, when known. */
  readonly column: number | undefined;
  constructor(message: string, options?: { file?: string; line?: number; column?: number; cause?: unknown }) {
    super(message, options);
    this.column = options?.column;
  }
}

/**
 * Something to be read whole into memory (a file, standard input, a response body, a plugin's
 * output) is larger than the limit for its kind. The message says which limit (`more than 4 MiB
 * (the limit for a certificate, key or token file)`); callers put the name of what was read before it.
 */
export class TooLargeError extends PlatformError {
  static override readonly brand: string = 'TooLargeError';
  override name = 'TooLargeError';
  /** The limit that was passed, in bytes. */
  readonly limitBytes: number;
  constructor(message: string, limitBytes: number) {
    super(message);
    this.limitBytes = limitBytes;
  }
}

/** The caller aborted the operation through its AbortSignal. */
export class AbortedError extends PlatformError {
  static override readonly brand: string = 'AbortedError';
  override name = 'AbortedError';
  constructor(message = 'the operation was aborted') {
    super(message);
  }
}

/**
 * A command the SDK ran in a container on the caller's behalf (the `tar` of a copy) exited non-zero;
 * the message is kubectl's.
 */
export class RemoteExitError extends PlatformError {
  static override readonly brand: string = 'RemoteExitError';
  override name = 'RemoteExitError';
  /** The command's exit code. */
  readonly exitCode: number;
  constructor(exitCode: number) {
    super(`command terminated with exit code ${exitCode}`);
    this.exitCode = exitCode;
  }
}
