/**
 * Parses config file text with go-yaml v2's typing of plain scalars (see `yaml11.ts`), using
 * js-yaml (loaded on first use) for the syntax. Syntax errors carry the 1-based line.
 */
import type * as JsYaml from 'js-yaml';
import { resolvePlain } from './yaml11.js';

/** A YAML syntax error: Go-style reason and 1-based line. */
export class YamlSyntaxError extends Error {
  override name = 'YamlSyntaxError';
  constructor(
    readonly reason: string,
    readonly line: number | undefined,
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

/** Parses the first YAML document of `text` (an empty text is `null`). */
export async function parseYaml(text: string): Promise<unknown> {
  const { yaml, schema } = await loadGoYaml();
  try {
    const docs = yaml.loadAll(text, null, { schema });
    return docs.length === 0 ? null : docs[0];
  } catch (err) {
    if (err instanceof yaml.YAMLException) {
      const line = err.mark === undefined || err.mark === null ? undefined : err.mark.line + 1;
      throw new YamlSyntaxError(err.reason, line);
    }
    throw err;
  }
}
