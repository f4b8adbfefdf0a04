/**
 * Go templates as `-o go-template=...` understands them: Go 1.23's text/template language with
 * kubectl's functions, executed against the object as kubectl gives it to the template (decoded
 * from JSON: objects are maps, integral numbers int64, the others float64), with kubectl's output
 * and error messages.
 *
 * The engine is structured as Go's package is: lexer → parser → tree → exec. Differences from Go:
 * template invocations nest at most 1,000 deep (Go: 100,000), parentheses and control structures
 * at most 500 deep, output and work are bounded, and `%p` prints a fixed address.
 *
 * @packageDocumentation
 */
import { toJson } from '../../machinery/json/go-json.js';
import { GoTemplateError } from '../errors.js';
import { execute, TemplatePanic, type ExecLimits } from './exec.js';
import { formatValue } from './fmt/print.js';
import { FUNCS } from './funcs.js';
import { parseTemplates, TemplateParseError, type Tree } from './parser.js';
import { quote } from './strconv/quote.js';
import { fromRaw } from './values.js';

/** The name kubectl gives the template (`template: output:1: ...`). */
const TEMPLATE_NAME = 'output';

/** Options of {@link compileGoTemplate}. */
export interface GoTemplateOptions {
  /** `--allow-missing-template-keys` (default true): when false, a missing map key is an error. */
  allowMissingKeys?: boolean;
  /** Characters one execution may produce (default 256 MiB). */
  maxOutput?: number;
  /** Nodes and commands one execution may evaluate (default 10 million). */
  maxSteps?: number;
}

/** A compiled template: execute it against any number of objects. */
export interface GoTemplate {
  /** The template as given. */
  readonly template: string;
  /**
   * The text the template produces for `data` (a JSON-decoded object).
   *
   * @throws GoTemplateError `error executing template "...": template: output:1:2: ...`, with
   *   the partial output and kubectl's debugging report in {@link GoTemplateError.output}
   */
  execute(data: unknown): string;
}

const FUNC_NAMES: ReadonlySet<string> = new Set(FUNCS.keys());

/** kubectl's debugging report, printed to standard output when execution fails. */
function debugReport(message: string, template: string, data: unknown): string {
  return [
    `Error executing template: ${message}. Printing more information for debugging the template:\n`,
    `\ttemplate was:\n\t\t${template}\n`,
    `\traw data was:\n\t\t${toJson(data)}\n`,
    `\tobject given to template engine was:\n\t\t${formatValue(fromRaw(data), 'v')}\n\n`,
  ].join('');
}

class CompiledGoTemplate implements GoTemplate {
  constructor(
    readonly template: string,
    private readonly trees: ReadonlyMap<string, Tree>,
    private readonly missingKeyError: boolean,
    private readonly limits: ExecLimits,
  ) {}

  execute(data: unknown): string {
    const ctx = { trees: this.trees, text: this.template, missingKeyError: this.missingKeyError };
    const { output, error } = execute(ctx, TEMPLATE_NAME, data, this.limits);
    if (error === undefined) return output;
    const message = error instanceof TemplatePanic ? `caught panic: ${error.message}` : error.message;
    throw new GoTemplateError(`error executing template ${quote(this.template)}: ${message}`, this.template, output + debugReport(message, this.template, data));
  }
}

/**
 * Parses a Go template with kubectl's functions (`exists`, `base64decode` and Go's builtins).
 *
 * @throws GoTemplateError `error parsing template {{.x}, template: output:1: bad character U+007D '}'`
 */
export function compileGoTemplate(template: string, options: GoTemplateOptions = {}): GoTemplate {
  let trees: Map<string, Tree>;
  try {
    trees = parseTemplates(TEMPLATE_NAME, template, FUNC_NAMES);
  } catch (err) {
    if (err instanceof TemplateParseError) throw new GoTemplateError(`error parsing template ${template}, ${err.message}`, template);
    throw err;
  }
  const limits = { maxOutput: options.maxOutput ?? 256 * 1024 * 1024, maxSteps: options.maxSteps ?? 10_000_000 };
  return new CompiledGoTemplate(template, trees, options.allowMissingKeys === false, limits);
}
