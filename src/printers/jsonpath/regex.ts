/**
 * The regular expressions of `=~` filters, run by re2js (a pure-JavaScript port of RE2): matching
 * takes time linear in the text whatever the pattern, so a template such as `(a+)+$` cannot make
 * the CLI backtrack for minutes. The syntax is RE2's (Go's `regexp`), with JavaScript's
 * `/.../flags` spelling translated; backreferences and lookarounds, which need backtracking, are
 * refused. The engine is loaded (a few hundred KB) only when a template uses `=~`.
 */
import type * as Re2Module from 're2js';
import { RegexSyntaxError, type UserRegex } from '../../machinery/jsonpath/regex.js';

let engine: typeof Re2Module | undefined;
let loading: Promise<void> | undefined;

/** Loads the engine (once); {@link compileUserRegex} needs it. */
export function loadRegexEngine(): Promise<void> {
  loading ??= import('re2js').then((m) => {
    engine = m;
  });
  return loading;
}

/** Whether a template may contain `=~` filters (then the engine must be loaded before parsing). */
export function mayUseRegex(template: string): boolean {
  return template.includes('=~');
}

/**
 * Compiles a pattern with JavaScript-style flags (`i`, `m`, `s`; `u` and `g` change nothing here).
 *
 * @throws RegexSyntaxError for a pattern or flag RE2 does not accept, or when the engine is not loaded
 */
export function compileUserRegex(source: string, flags: string): UserRegex {
  if (engine === undefined) throw new RegexSyntaxError('regular-expression filters are not available here');
  const { RE2JS } = engine;
  let bits = 0;
  for (const flag of flags) {
    if (flag === 'i') bits |= RE2JS.CASE_INSENSITIVE;
    else if (flag === 'm') bits |= RE2JS.MULTILINE;
    else if (flag === 's') bits |= RE2JS.DOTALL;
    else if (flag !== 'u' && flag !== 'g') throw new RegexSyntaxError(`invalid flag ${JSON.stringify(flag)}`);
  }
  let compiled: InstanceType<typeof RE2JS>;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(source), bits);
  } catch (err) {
    const reason = err instanceof engine.RE2JSSyntaxException ? err.getDescription() : err instanceof Error ? err.message : String(err);
    throw new RegexSyntaxError(reason);
  }
  return { source, flags, test: (text) => compiled.test(text) };
}
