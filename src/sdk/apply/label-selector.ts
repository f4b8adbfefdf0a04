/**
 * Label selectors on the client side, for filtering manifest objects by `-l` before they are
 * sent (the server filters listed objects itself): `a=b`, `a==b`, `a!=b`, `a in (x,y)`,
 * `a notin (x)`, `a`, `!a`, comma-separated and all required.
 */
import { InputError } from '../errors.js';

type Requirement = (labels: Readonly<Record<string, string>>) => boolean;

function splitTopLevel(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of selector) {
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (c === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

function parseRequirement(text: string, selector: string): Requirement {
  const set = /^([^\s!=()]+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(text);
  if (set !== null) {
    const key = set[1] as string;
    const values = new Set((set[3] as string).split(',').map((v) => v.trim()));
    return set[2] === 'in' ? (l) => Object.hasOwn(l, key) && values.has(l[key] as string) : (l) => !Object.hasOwn(l, key) || !values.has(l[key] as string);
  }
  const cmp = /^([^\s!=()]+)\s*(==|=|!=)\s*([^\s!=()]*)$/.exec(text);
  if (cmp !== null) {
    const key = cmp[1] as string;
    const value = cmp[3] as string;
    return cmp[2] === '!=' ? (l) => l[key] !== value : (l) => Object.hasOwn(l, key) && l[key] === value;
  }
  const exists = /^(!?)([^\s!=()]+)$/.exec(text);
  if (exists !== null) {
    const key = exists[2] as string;
    return exists[1] === '!' ? (l) => !Object.hasOwn(l, key) : (l) => Object.hasOwn(l, key);
  }
  throw new InputError(`unable to parse requirement: "${text}" in selector "${selector}"`);
}

/** Compiles a label selector into a predicate on an object's labels. */
export function compileLabelSelector(selector: string): (labels: Readonly<Record<string, string>> | undefined) => boolean {
  const requirements = splitTopLevel(selector).map((r) => parseRequirement(r, selector));
  return (labels) => requirements.every((r) => r(labels ?? {}));
}
