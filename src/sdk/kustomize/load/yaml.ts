/**
 * YAML reading for the kustomize engine, on the project's js-yaml loader: resources with go-yaml
 * v3's typing (what kustomize's kyaml uses), kustomization and configuration files with go-yaml
 * v2's (what sigs.k8s.io/yaml uses). Every document is bounded: its nesting depth and the number
 * of values it expands to (aliases counted at every use) are limited, and aliases are expanded
 * into copies, so that editing one place never edits another.
 */
import type * as JsYaml from 'js-yaml';
import { loadGoYaml } from '../../../machinery/yaml/read.js';
import { KustomizeError } from '../errors.js';
import { deepCopy, isMap } from '../model/json.js';
import { resolvePlainV3 } from './yaml-v3.js';

/** Limits of one document. */
export const YAML_LIMITS = { maxDepth: 1000, maxValues: 5_000_000 } as const;

let v3: Promise<{ yaml: typeof JsYaml; schema: JsYaml.Schema }> | undefined;

async function loadV3(): Promise<{ yaml: typeof JsYaml; schema: JsYaml.Schema }> {
  const { yaml } = await loadGoYaml();
  // A type resolves its own plain scalars; `float` also takes integers, for an explicit `!!float 12`
  // (implicit resolution tries `int` first, so plain integers stay integers).
  const scalar = (tag: string, wanted: readonly string[]): JsYaml.Type =>
    new yaml.Type(`tag:yaml.org,2002:${tag}`, {
      kind: 'scalar',
      resolve: (data: unknown) => typeof data === 'string' && wanted.includes(resolvePlainV3(data).tag),
      construct: (data: unknown) => (typeof data === 'string' ? resolvePlainV3(data).value : null),
    });
  const implicit = [scalar('null', ['null']), scalar('bool', ['bool']), scalar('int', ['int']), scalar('float', ['float', 'int']), scalar('timestamp', ['timestamp'])];
  const merge = (yaml as unknown as { types?: { merge?: JsYaml.Type } }).types?.merge;
  if (merge !== undefined) implicit.push(merge);
  return { yaml, schema: yaml.FAILSAFE_SCHEMA.extend({ implicit }) };
}

/** Checks depth and expanded size (aliases count at each use). */
function checkBounds(value: unknown, source: string): void {
  let budget: number = YAML_LIMITS.maxValues;
  const walk = (v: unknown, depth: number): void => {
    if (--budget < 0) throw new KustomizeError(`YAML in ${source} expands to more than ${YAML_LIMITS.maxValues} values (aliases are counted at every use)`);
    if (depth > YAML_LIMITS.maxDepth) throw new KustomizeError(`YAML in ${source} is nested deeper than ${YAML_LIMITS.maxDepth} levels`);
    if (Array.isArray(v)) for (const item of v) walk(item, depth + 1);
    else if (isMap(v)) for (const item of Object.values(v)) walk(item, depth + 1);
  };
  walk(value, 0);
}

function yamlError(yaml: typeof JsYaml, err: unknown, source: string, lineOffset: number): KustomizeError {
  if (err instanceof yaml.YAMLException) {
    const mark = err.mark as { line?: number; column?: number } | null | undefined;
    const options: { file: string; line?: number; column?: number } = { file: source };
    if (mark?.line !== undefined) options.line = lineOffset + mark.line + 1;
    if (mark?.column !== undefined) options.column = mark.column + 1;
    return new KustomizeError(`MalformedYAMLError: yaml: ${err.reason}`, options);
  }
  return new KustomizeError((err as Error).message, { file: source });
}

/** kio's document split: at lines starting with `---` (anything but a comment after it is an error). */
function splitDocuments(text: string, source: string): Array<{ text: string; line: number }> {
  const out: Array<{ text: string; line: number }> = [];
  if (text === '') return out;
  const separator = /\n---.*\n/g;
  let prev = 0;
  let match: RegExpExecArray | null;
  while ((match = separator.exec(text)) !== null) {
    const after = match[0].slice(4).trim();
    if (after !== '' && !after.startsWith('#')) throw new KustomizeError(`invalid document separator: ${match[0].trim()}`, { file: source });
    out.push({ text: text.slice(prev, match.index), line: lineOf(text, prev) });
    prev = match.index + match[0].length;
  }
  out.push({ text: text.slice(prev), line: lineOf(text, prev) });
  return out;
}

function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * The documents of a resource file, parsed with go-yaml v3's rules; empty documents dropped.
 * Duplicate keys are errors, as go-yaml v3 reports them.
 */
export async function parseResourceDocuments(text: string, source: string): Promise<unknown[]> {
  const { yaml, schema } = await (v3 ??= loadV3());
  const clean = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n/g, '\n');
  const docs: unknown[] = [];
  const chunks = splitDocuments(clean, source);
  for (const [i, chunk] of chunks.entries()) {
    const body = i < chunks.length - 1 ? `${chunk.text}\n` : chunk.text;
    let value: unknown;
    try {
      const all = yaml.loadAll(body, null, { schema, filename: source });
      value = all[0];
    } catch (err) {
      throw yamlError(yaml, err, source, chunk.line);
    }
    if (value === undefined || value === null) continue;
    checkBounds(value, source);
    docs.push(deepCopy(value));
  }
  return docs;
}

/**
 * The first document of a kustomization, configuration or schema file, parsed with go-yaml v2's
 * rules (sigs.k8s.io/yaml); `null` when the file is empty.
 */
export async function parseConfigYaml(text: string, source: string): Promise<unknown> {
  const { yaml, schema } = await loadGoYaml();
  const clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = yaml.loadAll(clean, null, { schema, json: true, filename: source })[0];
  } catch (err) {
    throw yamlError(yaml, err, source, 0);
  }
  if (value === undefined) return null;
  checkBounds(value, source);
  return deepCopy(value);
}
