/**
 * JSONPath templates as `-o jsonpath=...` understands them: kubectl's dialect, parsed and
 * evaluated by machinery's port of client-go's engine (`src/machinery/jsonpath/`); here
 * jsonpath-plus evaluates the recursive-descent lookups `..name` and RE2 the `=~` filters, both
 * loaded lazily on first compile.
 *
 * The dialect, as kubectl defines it:
 *
 * - Text outside `{...}` is printed as it is (no escapes); inside, `"..."` and `'...'` are Go
 *   string literals (`{"\n"}`, `{'\t'}`).
 * - `{@}` and `{$}` are the current object (inside `range`, the current element).
 * - `.name` or `['name']` children (a `.` inside `['a.b']` still separates names: escape it,
 *   `.a\.b`), `..` recursive descent, `*` or `[*]` all elements.
 * - `[i]`, `[start:end:step]`: negative indexes count back from the end; indexes outside the
 *   array are errors (they are not clamped, and do not wrap); `[,]` unions.
 * - `[?(@.x == 'v')]` filters with `==`, `!=`, `<`, `<=`, `>`, `>=` on one string, integer, float
 *   or boolean each side (different types are an error), or `[?(@.x)]` existence.
 * - `{range ...}...{end}` repeats the nodes between them for each result, nested as needed.
 * - Several results of one action are separated by spaces; objects and arrays print as JSON.
 * - A missing key prints nothing unless missing keys are not allowed
 *   (`--allow-missing-template-keys=false`), then it is an error `x is not found`.
 *
 * Extensions beyond kubectl (each only gives meaning to a filter kubectl rejects):
 *
 * - `=~` regular-expression matches in filters: `[?(@.name =~ /^web-/)]`, with flags
 *   (`/web/i`, `m`, `s`), or a quoted pattern (`=~ '^web-'`); RE2 syntax (Go's `regexp`), run in
 *   time linear in the text (see `regex.ts`); the value must be a string, number or boolean
 *   (matched as its text), anything else does not match;
 * - `&&` and `||` between filter terms, `&&` binding tighter, with parentheses for grouping:
 *   `[?(@.kind == 'Pod' && (@.phase == 'Running' || @.phase == 'Pending'))]`; evaluation stops
 *   as soon as the result is known.
 *
 * Also different from kubectl: the values of `.*` and `..` on objects come in the object's key
 * order (kubectl's order is random), parse errors say where they happened (` at position 9`), and
 * filters, unions, parentheses and `range` blocks nest at most 100 levels deep.
 *
 * @packageDocumentation
 */
import { Evaluation, ExecutionError, type RecursiveFieldLookup } from '../../machinery/jsonpath/evaluate.js';
import type { ListNode } from '../../machinery/jsonpath/nodes.js';
import { ParseFailure, parseTemplate } from '../../machinery/jsonpath/parser.js';
import { printResults } from '../../machinery/jsonpath/print.js';
import { goQuote } from '../../machinery/go-quote.js';
import { JsonPathError } from '../errors.js';
import { compileUserRegex, mayUseRegex } from './regex.js';
import { loadRe2 } from '../../machinery/regex/re2.js';

/** Options of {@link compileJsonPath}. */
export interface JsonPathOptions {
  /** `--allow-missing-template-keys` (default true): when false, a missing key is an error. */
  allowMissingKeys?: boolean;
  /** `-o jsonpath-as-json`: print the results of each action as a JSON array. */
  asJson?: boolean;
}

/** A compiled template: execute it against any number of objects. */
export interface JsonPathTemplate {
  /** The template as given. */
  readonly template: string;
  /**
   * The text the template produces for `data` (nothing is added at the end).
   *
   * @throws JsonPathError `error executing jsonpath "...": Error executing template: x is not found`
   */
  execute(data: unknown): string;
  /** The results of each top-level node (for `--sort-by` and custom columns). */
  findResults(data: unknown): unknown[][];
}

let jsonPathPlus: Promise<RecursiveFieldLookup> | undefined;

/** Loads jsonpath-plus once, when the first template is compiled: `..name` through it. */
function loadJsonPathPlus(): Promise<RecursiveFieldLookup> {
  jsonPathPlus ??= import('jsonpath-plus').then(({ JSONPath }) => (value, name) => {
    const found = JSONPath({ path: `$..${name}`, json: value, wrap: true, resultType: 'value', eval: false }) as unknown;
    return Array.isArray(found) ? found : [];
  });
  return jsonPathPlus;
}

/**
 * Parses a template without evaluating it (synchronous, no module loading).
 *
 * @throws JsonPathError `error parsing jsonpath {.items[}, unterminated array at position 9`
 */
export function parseJsonPath(template: string): ListNode {
  try {
    return parseTemplate(template, compileUserRegex);
  } catch (err) {
    if (err instanceof ParseFailure) {
      throw new JsonPathError(`error parsing jsonpath ${template}, ${err.message} at position ${err.position}`, template, err.position);
    }
    throw err;
  }
}

class CompiledTemplate implements JsonPathTemplate {
  readonly template: string;
  private readonly root: ListNode;
  private readonly allowMissingKeys: boolean;
  private readonly asJson: boolean;
  private readonly engine: RecursiveFieldLookup | undefined;

  constructor(template: string, root: ListNode, options: JsonPathOptions, engine: RecursiveFieldLookup | undefined) {
    this.template = template;
    this.root = root;
    this.allowMissingKeys = options.allowMissingKeys ?? true;
    this.asJson = options.asJson ?? false;
    this.engine = engine;
  }

  findResults(data: unknown): unknown[][] {
    try {
      return new Evaluation(this.allowMissingKeys, this.engine).findResults(data, this.root.nodes);
    } catch (err) {
      if (err instanceof ExecutionError) {
        // One line: values quoted in the message may contain line breaks.
        const message = err.message.replaceAll('\r', '\\r').replaceAll('\n', '\\n');
        throw new JsonPathError(`error executing jsonpath ${goQuote(this.template)}: Error executing template: ${message}`, this.template);
      }
      throw err;
    }
  }

  execute(data: unknown): string {
    return this.findResults(data).map((results) => printResults(results, this.asJson)).join('');
  }
}

/**
 * Compiles a JSONPath template (see the module documentation for the dialect).
 *
 * @throws JsonPathError for a template that does not parse
 */
export async function compileJsonPath(template: string, options: JsonPathOptions = {}): Promise<JsonPathTemplate> {
  if (mayUseRegex(template)) await loadRe2();
  const root = parseJsonPath(template);
  return new CompiledTemplate(template, root, options, await loadJsonPathPlus());
}

/**
 * Compiles a template synchronously, without jsonpath-plus: the same results, with recursive
 * descent evaluated by our own walker. For callers that cannot await (sorting comparators);
 * `=~` filters work only once {@link compileJsonPath} has loaded their engine.
 */
export function compileJsonPathSync(template: string, options: JsonPathOptions = {}): JsonPathTemplate {
  return new CompiledTemplate(template, parseJsonPath(template), options, undefined);
}
