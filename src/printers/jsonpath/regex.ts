/**
 * The regular expressions of `=~` filters, run by machinery's RE2 (time linear in the text, so a
 * template such as `(a+)+$` cannot make the CLI backtrack for minutes). The syntax is RE2's (Go's
 * `regexp`), with JavaScript's `/.../flags` spelling translated; back-references and look-arounds
 * are refused. The engine is loaded only for templates that use `=~`.
 */
import { RegexSyntaxError, type UserRegex } from '../../machinery/jsonpath/regex.js';
import { Re2SyntaxError, compileRe2 } from '../../machinery/regex/re2.js';

/** Whether a template may contain `=~` filters (then the engine must be loaded before parsing). */
export function mayUseRegex(template: string): boolean {
  return template.includes('=~');
}

/**
 * Compiles a pattern with JavaScript-style flags (`i`, `m`, `s`; `u` and `g` change nothing here).
 *
 * @throws RegexSyntaxError for a pattern or flag RE2 does not accept, or when the engine is not loaded (machinery's `loadRe2`)
 */
export function compileUserRegex(source: string, flags: string): UserRegex {
  for (const flag of flags) {
    if (!'imsug'.includes(flag)) throw new RegexSyntaxError(`invalid flag ${JSON.stringify(flag)}`);
  }
  try {
    const compiled = compileRe2(source, { caseInsensitive: flags.includes('i'), multiLine: flags.includes('m'), dotAll: flags.includes('s'), fromJavaScript: true });
    return { source, flags, test: (text) => compiled.test(text) };
  } catch (err) {
    if (err instanceof Re2SyntaxError) throw new RegexSyntaxError(err.description);
    throw new RegexSyntaxError('regular-expression filters are not available here');
  }
}
