/**
 * The JSONPaths a CustomResourceDefinition declares (printer columns, selectable fields, scale
 * paths), read as the API extensions server reads them: client-go's engine on `{path}`, missing
 * keys allowed, and the first value found.
 */
import { Evaluation, ExecutionError } from './evaluate.js';
import type { ListNode } from './nodes.js';
import { ParseFailure, parseTemplate } from './parser.js';

/** The template `{path}`, or undefined when it does not parse. */
export function parseCrdJsonPath(path: string): ListNode | undefined {
  try {
    return parseTemplate(`{${path}}`);
  } catch (err) {
    if (err instanceof ParseFailure) return undefined;
    throw err;
  }
}

/**
 * The first value a parsed path finds in `data`; undefined when it finds none or its evaluation
 * fails (the server's tables show either as an empty cell).
 */
export function firstValue(path: ListNode, data: unknown): unknown {
  try {
    return new Evaluation(true).findResults(data, path.nodes)[0]?.[0];
  } catch (err) {
    if (err instanceof ExecutionError) return undefined;
    throw err;
  }
}

/** The keys of a path made of keys only (`.spec.replicas`), or undefined for any other path. */
export function simpleFieldPath(path: string): string[] | undefined {
  const action = parseCrdJsonPath(path)?.nodes[0];
  if (action?.type !== 'list') return undefined;
  const keys: string[] = [];
  for (const node of action.nodes) {
    if (node.type !== 'field') return undefined;
    keys.push(node.name);
  }
  return keys;
}
