/**
 * The one YAML reader of the client (config files, manifests, `edit` buffers, patches): js-yaml
 * (loaded on first use) for the syntax, go-yaml v2's typing of plain scalars (machinery's `yaml/resolve.ts`),
 * and the bounds of `yaml-limits.ts` on nesting and alias expansion, so that a hostile document
 * fails fast with a line instead of expanding into gigabytes. Errors carry the 1-based line.
 */
import type * as JsYaml from 'js-yaml';
import { parsePlainBlockYaml } from './plain-yaml.js';
import { checkExpansion, MAX_NESTING_DEPTH } from './yaml-limits.js';
import { resolvePlain } from '../../machinery/yaml/resolve.js';

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
 * Parses a YAML document within the client's bounds: nesting at most {@link MAX_NESTING_DEPTH}
 * levels (aliases expanded), alias expansion as go-yaml allows it, no anchor that contains itself.
 * An empty text is `null`.
 *
 * @throws {@link YamlSyntaxError} with go-yaml's reason (`document contains excessive aliasing`)
 * and the line, for syntax errors and documents over the limits.
 */
export async function loadYaml(text: string, options: LoadYamlOptions = {}): Promise<unknown> {
  const { yaml, schema } = await loadGoYaml();
  const loadOptions: JsYaml.LoadOptions & { maxDepth?: number } = {
    schema: options.schema === 'json' ? yaml.JSON_SCHEMA : options.schema === 'yaml12' ? yaml.DEFAULT_SCHEMA : schema,
    json: options.duplicateKeys === 'last-wins',
    maxDepth: MAX_NESTING_DEPTH,
  };
  let value: unknown;
  try {
    if (options.firstDocument === true) {
      const docs = yaml.loadAll(text, null, loadOptions);
      value = docs.length === 0 ? null : docs[0];
    } else {
      value = yaml.load(text, loadOptions);
    }
  } catch (err) {
    if (err instanceof yaml.YAMLException) {
      const mark = err.mark as { line?: number; column?: number } | null | undefined;
      const reason = err.reason.startsWith('nesting exceeded maxDepth') ? `exceeded max depth of ${MAX_NESTING_DEPTH}` : err.reason;
      throw new YamlSyntaxError(reason, mark?.line === undefined ? undefined : mark.line + 1, mark?.column === undefined ? undefined : mark.column + 1);
    }
    throw err;
  }
  const problem = checkExpansion(value, text.length);
  if (problem !== undefined) throw new YamlSyntaxError(problem, firstAliasLine(text));
  return value ?? null;
}

/**
 * Parses the first YAML document of `text` within the client's bounds (an empty text is `null`):
 * plain block YAML, as config files are written, by the fast path of `plain-yaml.ts`, everything
 * else by js-yaml.
 */
export function parseYaml(text: string): Promise<unknown> {
  const plain = parsePlainBlockYaml(text);
  if (plain !== undefined) return Promise.resolve(plain);
  return loadYaml(text, { firstDocument: true });
}
