/**
 * The one YAML reader (the client's config files, manifests, `edit` buffers and patches; the
 * server's request bodies and its configuration files): js-yaml (loaded on first use) for the
 * syntax, go-yaml v2's typing of plain scalars (`resolve.ts`) or YAML 1.2's JSON schema, and the
 * bounds of `limits.ts` on nesting and alias expansion, so that a hostile document fails fast with
 * a line instead of expanding into gigabytes. Errors carry the 1-based line.
 */
import type * as JsYaml from 'js-yaml';
import { yamlNumberSchemas } from './int64-schemas.js';
import { checkExpansion, MAX_NESTING_DEPTH } from './limits.js';
import { resolvePlain } from './resolve.js';

/** A YAML syntax error (or a document over the limits): Go-style reason and 1-based line and column. */
export class YamlSyntaxError extends Error {
  override name = 'YamlSyntaxError';
  constructor(
    readonly reason: string,
    readonly line: number | undefined,
    readonly column?: number,
  ) {
    super(line === undefined ? `yaml: ${reason}` : `yaml: line ${line}: ${reason}`);
  }
}

let schemaPromise: Promise<GoYaml> | undefined;

/** js-yaml with a schema that types plain scalars as go-yaml v2 does (YAML 1.1). */
export interface GoYaml {
  yaml: typeof JsYaml;
  schema: JsYaml.Schema;
}

/**
 * Loads js-yaml (once, on first use: it is not on the start-up path) with the go-yaml v2 scalar
 * rules, for config files and manifests alike.
 */
export function loadGoYaml(): Promise<GoYaml> {
  schemaPromise ??= loadSchema();
  return schemaPromise;
}

async function loadSchema(): Promise<GoYaml> {
  const mod = (await import('js-yaml')) as typeof JsYaml & { default?: typeof JsYaml };
  const yaml = mod.default ?? mod;
  const scalar = (tag: string, wanted: string): JsYaml.Type =>
    new yaml.Type(`tag:yaml.org,2002:${tag}`, {
      kind: 'scalar',
      resolve: (data: unknown) => typeof data === 'string' && resolvePlain(data).tag === wanted,
      construct: (data: unknown) => (typeof data === 'string' ? resolvePlain(data).value : null),
    });
  const implicit = [scalar('null', 'null'), scalar('bool', 'bool'), scalar('int', 'int'), scalar('float', 'float')];
  // `<<` merge keys are YAML 1.1 too; js-yaml ships the type but its typings do not list it.
  const merge = (yaml as unknown as { types?: { merge?: JsYaml.Type } }).types?.merge;
  if (merge !== undefined) implicit.push(merge);
  return { yaml, schema: yaml.FAILSAFE_SCHEMA.extend({ implicit }) };
}

/** Options of {@link loadYaml}. */
export interface LoadYamlOptions {
  /**
   * `go` (default): go-yaml v2's plain scalars; `json`: YAML 1.2's JSON schema (what patches use);
   * `yaml12`: js-yaml's default YAML 1.2 schema.
   */
  schema?: 'go' | 'json' | 'yaml12' | undefined;
  /** A later duplicate key wins, as in go-yaml v2, instead of failing. */
  duplicateKeys?: 'last-wins' | 'error' | undefined;
  /** Only the first document of a multi-document text counts (config files); default: exactly one document. */
  firstDocument?: boolean | undefined;
  /** Nesting allowed, aliases expanded (default {@link MAX_NESTING_DEPTH}). */
  maxDepth?: number | undefined;
  /** Keys and strings the expanded document may hold, and never less than the text's own length (default 64 MiB, `limits.ts`). */
  maxExpandedBytes?: number | undefined;
  /**
   * With the `json` schema: integers as int64s exactly (`json-numbers.ts`: a bigint beyond 2^53),
   * as go-yaml reads them for the API server, instead of rounded to doubles.
   */
  exactIntegers?: boolean | undefined;
}

/** 1-based line of the first alias (`*name`) in `text`, where an expansion problem is most likely to start. */
function firstAliasLine(text: string): number | undefined {
  const m = /(^|[\s[{,:-])\*[^\s,[\]{}]+/m.exec(text);
  if (m === null) return undefined;
  const offset = m.index + m[0].indexOf('*');
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * Parses a YAML document within bounds: nesting at most `maxDepth` (default {@link MAX_NESTING_DEPTH})
 * levels (aliases expanded), alias expansion as go-yaml allows it, no anchor that contains itself.
 * An empty text is `null`.
 *
 * @throws {@link YamlSyntaxError} with go-yaml's reason (`document contains excessive aliasing`)
 * and the line, for syntax errors and documents over the limits.
 */
export async function loadYaml(text: string, options: LoadYamlOptions = {}): Promise<unknown> {
  const [value] = await load(text, options, options.firstDocument === true ? 'first' : 'one');
  return value ?? null;
}

/** Every document of a YAML stream (an empty one is `null`), each within the bounds of {@link loadYaml}. */
export function loadYamlDocuments(text: string, options: Omit<LoadYamlOptions, 'firstDocument'> = {}): Promise<unknown[]> {
  return load(text, options, 'all');
}

async function load(text: string, options: LoadYamlOptions, documents: 'one' | 'first' | 'all'): Promise<unknown[]> {
  const { yaml, schema } = await loadGoYaml();
  const maxDepth = options.maxDepth ?? MAX_NESTING_DEPTH;
  const json = options.exactIntegers === true ? (await yamlNumberSchemas()).load : yaml.JSON_SCHEMA;
  const loadOptions: JsYaml.LoadOptions & { maxDepth?: number } = {
    schema: options.schema === 'json' ? json : options.schema === 'yaml12' ? yaml.DEFAULT_SCHEMA : schema,
    json: options.duplicateKeys === 'last-wins',
    // js-yaml's own depth check keeps its recursive parser off the stack's end; checkExpansion's is exact.
    maxDepth: maxDepth + 2,
  };
  let values: unknown[];
  try {
    values = documents === 'one' ? [yaml.load(text, loadOptions)] : yaml.loadAll(text, null, loadOptions);
  } catch (err) {
    if (err instanceof yaml.YAMLException) {
      const mark = err.mark as { line?: number; column?: number } | null | undefined;
      const reason = err.reason.startsWith('nesting exceeded maxDepth') ? `exceeded max depth of ${maxDepth}` : err.reason;
      throw new YamlSyntaxError(reason, mark?.line === undefined ? undefined : mark.line + 1, mark?.column === undefined ? undefined : mark.column + 1);
    }
    throw err;
  }
  if (documents === 'first') values = values.slice(0, 1);
  for (const value of values) {
    const problem = checkExpansion(value, text.length, maxDepth, options.maxExpandedBytes);
    if (problem !== undefined) throw new YamlSyntaxError(problem, firstAliasLine(text));
  }
  return values.map((value) => value ?? null);
}
