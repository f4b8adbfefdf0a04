/**
 * An explain failure with kubectl's message (`error: field "x" does not exist`). kubectl renders
 * its template straight to stdout, so what was printed before the failure (the group, kind and
 * version lines) is kept in {@link ExplainError.printed}.
 */
export class ExplainError extends Error {
  override name = 'ExplainError';
  /** Output already written when the failure happened. */
  readonly printed: string;

  constructor(message: string, printed = '') {
    super(message);
    this.printed = printed;
  }
}
