/**
 * Duplicate fields of a request body. `JSON.parse` keeps the last of two equal keys silently, as
 * Go's decoder does; strict field validation must also name them (`duplicate field "data.a"`), so
 * the text is scanned once more, iteratively (no recursion, whatever the nesting), for object keys
 * that repeat within one object.
 */
import { firstYamlDocument } from '../http/yaml-documents.js';

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

/**
 * The first duplicate key of a YAML text, as js-yaml finds it (it stops at the first), or
 * undefined. Line numbers are 1-based.
 */
export async function yamlDuplicateKey(text: string): Promise<DuplicateKey | undefined> {
  const yaml = await import('js-yaml');
  // Only the first document is decoded (and was already checked for depth and aliases).
  const document = firstYamlDocument(text);
  try {
    yaml.load(document, { schema: yaml.JSON_SCHEMA });
    return undefined;
  } catch (e) {
    if (!(e instanceof yaml.YAMLException) || !e.reason.startsWith('duplicated mapping key')) return undefined;
    const lineText = document.split('\n')[e.mark.line] ?? '';
    const keyMatch = /^\s*(?:-\s+)?("(?:[^"\\]|\\.)*"|'[^']*'|[^:#]+?)\s*:/.exec(lineText);
    const raw = keyMatch?.[1] ?? '';
    const key = raw.startsWith('"') || raw.startsWith("'") ? raw.slice(1, -1) : raw;
    return { path: key, key, line: e.mark.line + 1 };
  }
}
