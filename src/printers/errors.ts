/**
 * Errors of the printers. They live here rather than in the SDK's error module because the
 * printers depend only on `sdk/types`; the CLI reports them as one-line input errors.
 *
 * @packageDocumentation
 */

/** An output could not be produced (bad column spec, missing kind, unknown format). One line. */
export class PrinterError extends Error {
  override name = 'PrinterError';
}

/** A JSONPath template failed to parse or to execute. The message is one line, as kubectl's. */
export class JsonPathError extends PrinterError {
  override name = 'JsonPathError';
  /** The template as given. */
  readonly template: string;
  /** 0-based offset in the template where parsing failed, when known. */
  readonly position: number | undefined;
  constructor(message: string, template: string, position?: number) {
    super(message);
    this.template = template;
    this.position = position;
  }
}
