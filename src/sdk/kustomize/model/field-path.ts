/**
 * kyaml's field paths (`spec.ports[0].port`, `spec.containers.[name=app].image`): parts split on
 * dots (brackets keep their dots), `[n]` and `n` index lists, `[key=value]` picks the list item
 * whose field has that text, `-` is the last item.
 */
import { KustomizeError } from '../errors.js';
import { getKey, isMap, scalarText } from './json.js';
import { withoutTrailing } from '../../../machinery/trailing.js';

/** kyaml's `PathSplitter`: split on the delimiter, except where it is escaped with a backslash. */
export function splitEscaped(path: string, delimiter: string): string[] {
  let parts = path.split(delimiter);
  if (parts.length > 1 && parts[0] === '') parts = parts.slice(1);
  const out: string[] = [parts[0] ?? ''];
  for (const part of parts.slice(1)) {
    const last = out.length - 1;
    const prev = out[last] as string;
    if (prev.endsWith('\\')) out[last] = `${prev.slice(0, -1)}${delimiter}${part}`;
    else out.push(part);
  }
  return out;
}

/** kyaml's `SmarterPathSplitter`: split on the delimiter, except inside `[key=value]`. */
export function splitSmarterPath(path: string, delimiter = '.'): string[] {
  const raw = splitEscaped(path, delimiter);
  const parts: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    let part = raw[i] as string;
    if (part.startsWith('[') && !part.endsWith(']')) {
      const group = [part];
      while (i < raw.length - 1) {
        i++;
        group.push(raw[i] as string);
        if ((raw[i] as string).endsWith(']')) break;
      }
      part = group.join(delimiter);
      if (!part.includes('=')) part = withoutTrailing(part.replace(/^\[+/, ''), ']');
    }
    parts.push(part);
  }
  return parts;
}

/** kyaml's `SmarterPathSplitter` then `convertSliceIndex` (`ports[0]` becomes `ports`, `0`), for vars. */
export function splitFieldPath(path: string, delimiter = '.'): string[] {
  const out: string[] = [];
  for (const part of splitSmarterPath(path, delimiter)) {
    const m = /^(.*)\[(\d+)\]$/.exec(part);
    if (m === null) {
      out.push(part);
      continue;
    }
    if (m[1] !== '') out.push(m[1] as string);
    out.push(m[2] as string);
  }
  return out.map((p) => p.trim()).filter((p) => p !== '');
}

/** The value at `parts`, or undefined when a step is missing. */
export function lookupPath(root: unknown, parts: readonly string[]): unknown {
  let current: unknown = root;
  for (const part of parts) {
    if (current === undefined || current === null) return undefined;
    if (/^\d+$/.test(part) || part === '-') {
      if (!Array.isArray(current)) throw new KustomizeError(`wrong node kind: expected SequenceNode at ${part}`);
      current = part === '-' ? current[current.length - 1] : current[Number(part)];
    } else if (part.startsWith('[') && part.endsWith(']')) {
      const inner = part.slice(1, -1);
      const eq = inner.indexOf('=');
      if (eq < 0) throw new KustomizeError('list path element must contain fieldName=fieldValue for element to match');
      if (!Array.isArray(current)) return undefined;
      const key = inner.slice(0, eq);
      const value = inner.slice(eq + 1);
      current = current.find((item) => (key === '' ? scalarText(item) === value : isMap(item) && Object.hasOwn(item, key) && scalarText(getKey(item, key)) === value));
    } else {
      if (!isMap(current)) return undefined;
      current = getKey(current, part);
    }
  }
  return current;
}
