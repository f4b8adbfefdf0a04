/**
 * The regular expressions of `=~` filters, as the parser sees them: it compiles each pattern with
 * a {@link RegexCompiler} its caller supplies (the CLI's runs RE2, time linear in the text), so
 * that machinery carries no engine; without one, `=~` filters do not parse.
 */

/** A compiled `=~` pattern. */
export interface UserRegex {
  /** The pattern as written. */
  readonly source: string;
  readonly flags: string;
  /** Whether the pattern matches anywhere in `text`. */
  test(text: string): boolean;
}

/** A pattern that does not compile; the message says why. */
export class RegexSyntaxError extends Error {}

/**
 * Compiles a pattern with JavaScript-style flags (`i`, `m`, `s`).
 *
 * @throws RegexSyntaxError for a pattern or flag the engine does not accept
 */
export type RegexCompiler = (source: string, flags: string) => UserRegex;
