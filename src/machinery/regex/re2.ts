/**
 * Regular expressions that come from users (CRD schema patterns, kustomization targets and
 * images, proxy filters, JSONPath `=~` filters), run by re2js, a pure-JavaScript port of RE2. Its
 * syntax is Go's `regexp`, which is what kubectl, kustomize and the API server accept, and it
 * matches in time linear in the text whatever the pattern: with JavaScript's backtracking engine a
 * pattern such as `^(a+)+$` and a 30-character value kept a process busy for minutes.
 * Back-references and look-arounds, which need backtracking, are refused as Go refuses them.
 *
 * The engine (a few hundred KB, a side bundle of its own) is loaded by {@link loadRe2}; compiling
 * is synchronous after that, so the work that may need it loads it first.
 */
import type * as Re2Module from 're2js';

/** A compiled pattern. */
export interface Re2Regex {
  /** The pattern as given. */
  readonly source: string;
  /** Whether the pattern matches anywhere in `text` (Go's `MatchString`). */
  test(text: string): boolean;
}

/** A pattern that does not compile. */
export class Re2SyntaxError extends Error {
  /**
   * @param message Go's whole message (`error parsing regexp: missing closing ): \`(\``)
   * @param description the reason alone (`missing closing )`)
   */
  constructor(message: string, readonly description: string) {
    super(message);
  }
}

/** Flags in RE2's terms (Go spells them `(?i)`, `(?m)`, `(?s)` inside the pattern). */
export interface Re2Flags {
  caseInsensitive?: boolean;
  multiLine?: boolean;
  dotAll?: boolean;
  /** Translate JavaScript's spellings (such as `(?<name>`) into RE2's first. */
  fromJavaScript?: boolean;
}

let engine: typeof Re2Module | undefined;
let loading: Promise<void> | undefined;

/** Loads the engine, once per process; {@link compileRe2} needs it. */
export function loadRe2(): Promise<void> {
  loading ??= import('re2js').then((m) => {
    engine = m;
  });
  return loading;
}

/**
 * Compiles `pattern`.
 *
 * @throws Re2SyntaxError for a pattern RE2 does not accept
 * @throws Error when {@link loadRe2} has not finished (a programming error, not bad input)
 */
export function compileRe2(pattern: string, flags: Re2Flags = {}): Re2Regex {
  if (engine === undefined) throw new Error('the RE2 engine is not loaded (loadRe2)');
  const { RE2JS, RE2JSSyntaxException } = engine;
  let bits = 0;
  if (flags.caseInsensitive === true) bits |= RE2JS.CASE_INSENSITIVE;
  if (flags.multiLine === true) bits |= RE2JS.MULTILINE;
  if (flags.dotAll === true) bits |= RE2JS.DOTALL;
  let compiled: InstanceType<typeof RE2JS>;
  try {
    compiled = RE2JS.compile(flags.fromJavaScript === true ? RE2JS.translateRegExp(pattern) : pattern, bits);
  } catch (err) {
    if (err instanceof RE2JSSyntaxException) throw new Re2SyntaxError(err.message, err.getDescription());
    throw new Re2SyntaxError(`error parsing regexp: ${err instanceof Error ? err.message : String(err)}`, err instanceof Error ? err.message : String(err));
  }
  return { source: pattern, test: (text) => compiled.test(text) };
}
