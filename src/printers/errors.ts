/**
 * Errors of the printers. They live here rather than in the SDK's error module because the
 * printers depend only on `sdk/types`; the CLI reports them as one-line input errors.
 *
 * @packageDocumentation
 */
import { isInstanceOrBranded } from '../sdk/types/class-brand.js';

/**
 * An output could not be produced (bad column spec, missing kind, unknown format). One line. Each
 * class declares a brand, so that `instanceof` also holds for errors thrown by another copy of this
 * module (the CLI's side bundles, `sdk/types/class-brand.ts`).
 */
export class PrinterError extends Error {
  static readonly brand: string = 'PrinterError';
  /** Instances of this class or of a copy of it. */
  static override [Symbol.hasInstance]<T>(this: abstract new (...args: never[]) => T, value: unknown): value is T {
    return isInstanceOrBranded(this, value);
  }

  override name = 'PrinterError';
}

/** A JSONPath template failed to parse or to execute. The message is one line, as kubectl's. */
export class JsonPathError extends PrinterError {
  static override readonly brand: string = 'JsonPathError';
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

/**
 * A Go template (`-o go-template=...`) failed to parse or to execute, with kubectl's message
 * (`error parsing template {{.x}, template: output:1: ...` or `error executing template "...":
 * template: output:1:2: executing "output" at <.a>: ...`).
 */
export class GoTemplateError extends PrinterError {
  static override readonly brand: string = 'GoTemplateError';
  override name = 'GoTemplateError';
  /** The template as given. */
  readonly template: string;
  /**
   * What kubectl writes to standard output before the error when execution fails: the output
   * produced so far and its debugging report (the template, the object as JSON and as Go prints
   * it). Empty for parse errors.
   */
  readonly output: string;
  constructor(message: string, template: string, output = '') {
    super(message);
    this.template = template;
    this.output = output;
  }
}
