/**
 * The JSONPath subset used by CRD `additionalPrinterColumns` and scale paths: `.a.b`, `.a[0]`,
 * `.a[*]`, `.a['x.y']`, and filters `[?(@.type=="Ready")]` (with `==` and `!=`).
 */

type Step =
  | { kind: 'field'; name: string }
  | { kind: 'index'; index: number }
  | { kind: 'wildcard' }
  | { kind: 'filter'; path: string[]; op: '==' | '!=' | 'exists'; value: unknown };

/** A JSONPath the subset cannot read. */
export class JsonPathError extends Error {
  override name = 'JsonPathError';
}

/** Parses a path such as `.status.conditions[?(@.type=="Ready")].status`. */
export function parseJsonPath(path: string): Step[] {
  let p = path.trim();
  if (p.startsWith('{') && p.endsWith('}')) p = p.slice(1, -1);
  if (p.startsWith('$')) p = p.slice(1);
  const steps: Step[] = [];
  let i = 0;
  while (i < p.length) {
    const c = p[i];
    if (c === '.') {
      i++;
      if (p[i] === '*') {
        steps.push({ kind: 'wildcard' });
        i++;
        continue;
      }
      let j = i;
      while (j < p.length && p[j] !== '.' && p[j] !== '[') j++;
      if (j > i) steps.push({ kind: 'field', name: p.slice(i, j) });
      i = j;
    } else if (c === '[') {
      const end = findClose(p, i);
      const inner = p.slice(i + 1, end).trim();
      i = end + 1;
      if (inner === '*') steps.push({ kind: 'wildcard' });
      else if (/^-?\d+$/.test(inner)) steps.push({ kind: 'index', index: Number(inner) });
      else if (/^'.*'$/.test(inner) || /^".*"$/.test(inner)) steps.push({ kind: 'field', name: inner.slice(1, -1) });
      else if (inner.startsWith('?(') && inner.endsWith(')')) steps.push(parseFilter(inner.slice(2, -1)));
      else throw new JsonPathError(`unsupported JSONPath subscript [${inner}]`);
    } else {
      let j = i;
      while (j < p.length && p[j] !== '.' && p[j] !== '[') j++;
      steps.push({ kind: 'field', name: p.slice(i, j) });
      i = j;
    }
  }
  return steps;
}

function findClose(p: string, open: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < p.length; i++) {
    const c = p[i];
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth++;
    else if (c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  throw new JsonPathError(`unterminated [ in ${p}`);
}

function parseFilter(expr: string): Step {
  const m = /^@((?:\.[A-Za-z0-9_-]+)+)\s*(==|!=)\s*(.+)$/.exec(expr.trim());
  if (m === null) {
    const ex = /^@((?:\.[A-Za-z0-9_-]+)+)$/.exec(expr.trim());
    if (ex !== null) return { kind: 'filter', path: (ex[1] ?? '').slice(1).split('.'), op: 'exists', value: undefined };
    throw new JsonPathError(`unsupported JSONPath filter ${expr}`);
  }
  const raw = (m[3] ?? '').trim();
  let value: unknown;
  if (/^".*"$/.test(raw) || /^'.*'$/.test(raw)) value = raw.slice(1, -1);
  else if (raw === 'true' || raw === 'false') value = raw === 'true';
  else if (!Number.isNaN(Number(raw))) value = Number(raw);
  else value = raw;
  return { kind: 'filter', path: (m[1] ?? '').slice(1).split('.'), op: m[2] === '==' ? '==' : '!=', value };
}

function field(v: unknown, name: string): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  return Object.hasOwn(v, name) ? (v as Record<string, unknown>)[name] : undefined;
}

/** All values the path selects in `root` (empty when nothing matches). */
export function evaluateJsonPath(steps: Step[], root: unknown): unknown[] {
  let current: unknown[] = [root];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const v of current) {
      switch (step.kind) {
        case 'field': {
          const f = field(v, step.name);
          if (f !== undefined) next.push(f);
          break;
        }
        case 'index':
          if (Array.isArray(v)) {
            const idx = step.index < 0 ? v.length + step.index : step.index;
            if (idx >= 0 && idx < v.length) next.push(v[idx]);
          }
          break;
        case 'wildcard':
          if (Array.isArray(v)) next.push(...v);
          else if (typeof v === 'object' && v !== null) next.push(...Object.values(v));
          break;
        case 'filter':
          if (Array.isArray(v)) {
            for (const item of v) {
              let x: unknown = item;
              for (const k of step.path) x = field(x, k);
              if (step.op === 'exists' ? x !== undefined : step.op === '==' ? x === step.value : x !== step.value) next.push(item);
            }
          }
          break;
      }
    }
    current = next;
  }
  return current;
}

/** The field path of a simple `.a.b.c` JSONPath (scale sub-resource paths), or undefined. */
export function simpleFieldPath(path: string): string[] | undefined {
  try {
    const steps = parseJsonPath(path);
    const out: string[] = [];
    for (const s of steps) {
      if (s.kind !== 'field') return undefined;
      out.push(s.name);
    }
    return out;
  } catch {
    return undefined;
  }
}
