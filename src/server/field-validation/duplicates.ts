/**
 * Duplicate fields of a request body. `JSON.parse` keeps the last of two equal keys silently, as
 * Go's decoder does; strict field validation must also name them (`duplicate field "data.a"`), so
 * the text is scanned once more, iteratively (no recursion, whatever the nesting), for object keys
 * that repeat within one object.
 */
import { firstYamlDocument } from '../http/yaml-documents.js';
import { loadYaml, YamlSyntaxError } from '../../machinery/yaml/read.js';
import { MAX_BODY_DEPTH } from '../util/json-limits.js';

interface Container {
  /** Path of this container, as strict decoding errors spell paths (`spec.containers[0]`). */
  path: string;
  array: boolean;
  keys: Set<string>;
  index: number;
}

/** Go collects at most this many strict errors. */
const MAX = 100;

function child(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}

/** Reads a JSON string starting at the quote at `start`; returns its value and the index after it. */
function readString(text: string, start: number): [string, number] {
  let i = start + 1;
  let escaped = false;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (escaped) escaped = false;
    else if (c === 92) escaped = true;
    else if (c === 34) break;
  }
  const raw = text.slice(start, i + 1);
  let value: string;
  try {
    value = JSON.parse(raw) as string;
  } catch {
    value = raw.slice(1, -1);
  }
  return [value, i + 1];
}

/** A key that appears twice in one object. */
export interface DuplicateKey {
  /** Path of the field (`data.a`, `spec.containers[0].name`). */
  path: string;
  key: string;
  /** 1-based line of the repeated key. */
  line: number;
}

/**
 * The keys that appear twice in one object of the JSON text, in document order (each path once).
 * The text must be valid JSON (it was parsed before).
 */
export function duplicateFields(text: string): DuplicateKey[] {
  const out: DuplicateKey[] = [];
  const stack: Container[] = [];
  let line = 1;
  // Path of the value that starts next (set by a key or an array position).
  let nextPath = '';
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const top = stack[stack.length - 1];
    switch (c) {
      case '{':
        stack.push({ path: nextPath, array: false, keys: new Set(), index: 0 });
        expectKey = true;
        break;
      case '[':
        stack.push({ path: nextPath, array: true, keys: new Set(), index: 0 });
        nextPath = `${nextPath}[0]`;
        expectKey = false;
        break;
      case '}':
      case ']':
        stack.pop();
        expectKey = false;
        break;
      case ',':
        if (top === undefined) break;
        if (top.array) {
          top.index++;
          nextPath = `${top.path}[${top.index}]`;
        } else {
          expectKey = true;
        }
        break;
      case '\n':
        line++;
        break;
      case '"': {
        const [value, end] = readString(text, i);
        for (let j = i; j < end; j++) if (text.charCodeAt(j) === 10) line++;
        i = end - 1;
        if (expectKey && top !== undefined && !top.array) {
          const path = child(top.path, value);
          if (top.keys.has(value)) {
            if (!out.some((d) => d.path === path) && out.length < MAX) out.push({ path, key: value, line });
          } else {
            top.keys.add(value);
          }
          nextPath = path;
          expectKey = false;
        }
        break;
      }
      default:
        break;
    }
  }
  return out;
}

const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c);

/** The first index at or after `i` that is not white space. */
function skipSpace(line: string, i: number): number {
  while (isSpace(line[i])) i++;
  return i;
}

/** The key written at `i` (a quoted one with its quotes) when a colon follows it, else undefined. */
function keyAt(line: string, i: number): string | undefined {
  const quote = line[i];
  if (quote === '"' || quote === "'") {
    let j = i + 1;
    while (j < line.length && line[j] !== quote) j += quote === '"' && line[j] === '\\' ? 2 : 1;
    if (j < line.length && line[skipSpace(line, j + 1)] === ':') return line.slice(i, j + 1);
  }
  let colon = i;
  while (colon < line.length && line[colon] !== ':' && line[colon] !== '#') colon++;
  if (line[colon] !== ':' || colon === i) return undefined;
  let end = colon;
  while (end > i + 1 && isSpace(line[end - 1])) end--;
  return line.slice(i, end);
}

/**
 * The key of a mapping line (`key:`, `- key:`, `"quoted key":`), as the pattern
 * `/^\s*(?:-\s+)?("(?:[^"\\]|\\.)*"|'[^']*'|[^:#]+?)\s*:/` finds it (compared on a million random
 * lines), scanned once: that pattern backtracked in cubic time over white space, and a request
 * body with a 3,000-character line kept the server busy for 16 seconds.
 */
function keyOfLine(line: string): string {
  const start = skipSpace(line, 0);
  if (line[start] === '-' && isSpace(line[start + 1])) {
    const at = skipSpace(line, start + 1);
    // An empty key keeps the last white space before its colon, as the pattern's backtracking did.
    const key = keyAt(line, at) ?? (line[at] === ':' && at - 1 > start + 1 ? line[at - 1] : undefined);
    if (key !== undefined) return key;
  }
  return keyAt(line, start) ?? (line[start] === ':' && start > 0 ? (line[start - 1] ?? '') : '');
}

/**
 * The first duplicate key of a YAML text, as js-yaml finds it (it stops at the first), or
 * undefined. Line numbers are 1-based.
 */
export async function yamlDuplicateKey(text: string): Promise<DuplicateKey | undefined> {
  // Only the first document is decoded (and was already checked for depth and aliases).
  const document = firstYamlDocument(text);
  try {
    await loadYaml(document, { schema: 'json', maxDepth: MAX_BODY_DEPTH });
    return undefined;
  } catch (e) {
    if (!(e instanceof YamlSyntaxError) || !e.reason.startsWith('duplicated mapping key') || e.line === undefined) return undefined;
    const lineText = document.split('\n')[e.line - 1] ?? '';
    const raw = keyOfLine(lineText);
    const key = raw.startsWith('"') || raw.startsWith("'") ? raw.slice(1, -1) : raw;
    return { path: key, key, line: e.line };
  }
}
