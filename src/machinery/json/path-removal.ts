/**
 * Removing the nodes a JSONPath selects from a JSON value (`diff --ignore-path`). The paths are
 * kubectl's JSONPath without templates: an optional `{...}` and `$`, then steps `.name`,
 * `['name']` / `["name"]`, `[N]` (negative from the end), `[*]` / `.*`, and filters
 * `[?(@.a.b == "x")]` / `!=` on a string, number, boolean or null, or `[?(@.a)]` for existence.
 * Anything else is refused with the position, since a path that silently selected nothing would
 * let a change through unnoticed.
 */
import { isJsonObject } from './values.js';

type Step =
  | { type: 'key'; name: string }
  | { type: 'index'; index: number }
  | { type: 'all' }
  | { type: 'filter'; path: string[]; op: '==' | '!=' | 'exists'; value?: unknown };

/** A path that could not be read. */
export class FieldPathError extends Error {
  override name = 'FieldPathError';
}

const MAX_PATH_LENGTH = 4096;

function fail(path: string, at: number, what: string): never {
  throw new FieldPathError(`invalid path ${JSON.stringify(path)} at character ${at + 1}: ${what}`);
}

function readQuoted(path: string, i: number): [string, number] {
  const quote = path[i];
  let out = '';
  let j = i + 1;
  for (; j < path.length && path[j] !== quote; j++) {
    if (path[j] === '\\' && j + 1 < path.length) j++;
    out += path[j] ?? '';
  }
  if (j >= path.length) fail(path, i, 'unterminated string');
  return [out, j + 1];
}

function readFilter(path: string, start: number, end: number): Step {
  const text = path.slice(start, end).trim();
  const m = /^@((?:\.[A-Za-z0-9_-]+)+)\s*(?:(==|!=)\s*(.+))?$/.exec(text);
  if (m === null) fail(path, start, 'a filter is [?(@.field)] or [?(@.field == value)]');
  const fields = (m[1] ?? '').slice(1).split('.');
  if (m[2] === undefined) return { type: 'filter', path: fields, op: 'exists' };
  const raw = (m[3] ?? '').trim();
  let value: unknown;
  if (/^'.*'$/.test(raw)) value = raw.slice(1, -1);
  else {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      fail(path, start, `cannot read the value ${raw}`);
    }
  }
  if (typeof value === 'object' && value !== null) fail(path, start, 'a filter compares with a string, number, boolean or null');
  return { type: 'filter', path: fields, op: m[2] as '==' | '!=', value };
}

/** Parses a path into steps; throws a {@link FieldPathError} naming the position of the problem. */
export function parseFieldPath(input: string): Step[] {
  if (input.length > MAX_PATH_LENGTH) throw new FieldPathError(`invalid path: longer than ${MAX_PATH_LENGTH} characters`);
  let path = input.trim();
  if (path.startsWith('{') && path.endsWith('}')) path = path.slice(1, -1).trim();
  let i = path.startsWith('$') ? 1 : 0;
  const steps: Step[] = [];
  if (i >= path.length) fail(input, 0, 'the path selects the whole object');
  while (i < path.length) {
    const c = path[i];
    if (c === '.') {
      if (path[i + 1] === '.') fail(input, i, 'recursive descent (..) is not supported');
      if (path[i + 1] === '*') {
        steps.push({ type: 'all' });
        i += 2;
        continue;
      }
      const m = /^[^.[\]\s]+/.exec(path.slice(i + 1));
      if (m === null) fail(input, i, 'a name must follow "."');
      steps.push({ type: 'key', name: m[0] });
      i += 1 + m[0].length;
    } else if (c === '[') {
      const next = path[i + 1];
      if (next === "'" || next === '"') {
        const [name, after] = readQuoted(path, i + 1);
        if (path[after] !== ']') fail(input, after, 'expected "]"');
        steps.push({ type: 'key', name });
        i = after + 1;
      } else if (next === '*') {
        if (path[i + 2] !== ']') fail(input, i + 2, 'expected "]"');
        steps.push({ type: 'all' });
        i += 3;
      } else if (next === '?') {
        if (path[i + 2] !== '(') fail(input, i + 2, 'expected "(" after "?"');
        const close = path.indexOf(')]', i + 3);
        if (close < 0) fail(input, i, 'unterminated filter');
        steps.push(readFilter(path, i + 3, close));
        i = close + 2;
      } else {
        const m = /^(-?\d+)\]/.exec(path.slice(i + 1));
        if (m === null) fail(input, i, 'expected an index, *, a quoted name or a filter');
        steps.push({ type: 'index', index: Number(m[1]) });
        i += 1 + m[0].length;
      }
    } else if (steps.length === 0 && i === 0) {
      // `status.conditions`: a path without its leading dot.
      path = `.${path}`;
    } else {
      fail(input, i, `unexpected ${JSON.stringify(c)}`);
    }
  }
  return steps;
}

function matches(item: unknown, step: Extract<Step, { type: 'filter' }>): boolean {
  let v: unknown = item;
  for (const f of step.path) {
    if (!isJsonObject(v) || !Object.hasOwn(v, f)) return step.op === '!=';
    v = v[f];
  }
  if (step.op === 'exists') return true;
  return step.op === '==' ? v === step.value : v !== step.value;
}

/** Where a selected node is: its container and its key or index. */
type Location = [Record<string, unknown> | unknown[], string | number];

function select(value: unknown, steps: readonly Step[]): Location[] {
  let current: unknown[] = [value];
  let found: Location[] = [];
  steps.forEach((step, n) => {
    const last = n === steps.length - 1;
    const next: unknown[] = [];
    const here: Location[] = [];
    for (const v of current) {
      if (step.type === 'key') {
        if (isJsonObject(v) && Object.hasOwn(v, step.name)) {
          here.push([v, step.name]);
          next.push(v[step.name]);
        }
      } else if (Array.isArray(v)) {
        const indices = step.type === 'index' ? [step.index < 0 ? v.length + step.index : step.index]
          : v.map((_, i) => i).filter((i) => step.type === 'all' || matches(v[i], step));
        for (const i of indices) {
          if (i < 0 || i >= v.length) continue;
          here.push([v, i]);
          next.push(v[i]);
        }
      } else if (isJsonObject(v) && step.type === 'all') {
        for (const k of Object.keys(v)) {
          here.push([v, k]);
          next.push(v[k]);
        }
      }
    }
    if (last) found = here;
    current = next;
  });
  return found;
}

/**
 * A copy of `value` without the nodes any of `paths` selects (array items removed from the
 * end first, so that indices stay right). `value` itself is not changed.
 */
export function withoutPaths<T>(value: T, paths: readonly (readonly Step[])[]): T {
  if (paths.length === 0) return value;
  const copy = structuredClone(value);
  for (const steps of paths) {
    const locations = select(copy, steps);
    const arrayItems = locations.filter((l): l is [unknown[], number] => Array.isArray(l[0])).sort((a, b) => b[1] - a[1]);
    for (const [container, key] of locations) if (!Array.isArray(container)) delete container[key as string];
    for (const [array, index] of arrayItems) array.splice(index, 1);
  }
  return copy;
}

export type { Step as FieldPathStep };
