/**
 * Go's `filepath.Glob` for `-f` arguments that name no existing path (`-f 'dir/*.yaml'`), as
 * kubectl expands them: `*` (any run of characters but the separator), `?` (one character),
 * `[abc]`, `[a-z]`, `[^x]` classes and `\` escapes; matches in byte order, directory by
 * directory; a malformed pattern is an error.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** A malformed pattern (Go's `filepath.ErrBadPattern`). */
export class BadPatternError extends Error {
  override name = 'BadPatternError';
  constructor() {
    super('syntax error in pattern');
  }
}

/** Whether `pattern` contains one of Go's glob meta characters. */
export function hasGlobMeta(pattern: string): boolean {
  return /[*?[\\]/.test(pattern);
}

function escapeRegex(c: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(c) ? `\\${c}` : c;
}

/** Compiles one path element's pattern (no separators) to an anchored RegExp. */
export function compileGlobElement(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*') {
      out += '[^/]*';
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '\\') {
      i++;
      if (i >= pattern.length) throw new BadPatternError();
      out += escapeRegex(pattern[i] as string);
    } else if (c === '[') {
      let j = i + 1;
      let cls = '';
      if (pattern[j] === '^') {
        cls += '^';
        j++;
      }
      let first = true;
      for (;;) {
        if (j >= pattern.length) throw new BadPatternError();
        let ch = pattern[j] as string;
        if (ch === ']' && !first) break;
        first = false;
        if (ch === '\\') {
          j++;
          if (j >= pattern.length) throw new BadPatternError();
          ch = pattern[j] as string;
        } else if (ch === '-' || ch === ']') {
          throw new BadPatternError();
        }
        let range = escapeRegex(ch);
        if (pattern[j + 1] === '-' && pattern[j + 2] !== undefined && pattern[j + 2] !== ']') {
          let hi = pattern[j + 2] as string;
          j += 2;
          if (hi === '\\') {
            j++;
            if (j >= pattern.length) throw new BadPatternError();
            hi = pattern[j] as string;
          }
          if (hi < ch) throw new BadPatternError();
          range += `-${escapeRegex(hi)}`;
        }
        cls += range;
        j++;
      }
      out += cls === '^' ? '[^/]' : `[${cls}]`;
      i = j;
    } else {
      out += escapeRegex(c);
    }
  }
  return new RegExp(`^${out}$`, 's');
}

async function isDirectory(p: string): Promise<boolean> {
  return (await stat(p).catch(() => undefined))?.isDirectory() === true;
}

async function globIn(dir: string, pattern: string, cwd: string): Promise<string[]> {
  const re = compileGlobElement(pattern);
  if (!(await isDirectory(path.resolve(cwd, dir)))) return [];
  const names = await readdir(path.resolve(cwd, dir)).catch(() => [] as string[]);
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names.filter((n) => re.test(n)).map((n) => (dir === '.' ? n : path.join(dir, n)));
}

/** Go's `filepath.Glob(pattern)`, relative to `cwd` for relative patterns. */
export async function goGlob(pattern: string, cwd: string): Promise<string[]> {
  for (const element of pattern.split('/')) compileGlobElement(element);
  return globPattern(pattern, cwd);
}

async function globPattern(pattern: string, cwd: string): Promise<string[]> {
  if (!hasGlobMeta(pattern)) {
    return (await stat(path.resolve(cwd, pattern)).catch(() => undefined)) === undefined ? [] : [pattern];
  }
  let dir = path.dirname(pattern);
  const file = path.basename(pattern);
  // Go cleans a trailing separator off the directory part (`dir/` is `dir`).
  if (pattern.endsWith('/')) return [];
  if (dir === pattern) dir = '.';
  if (!hasGlobMeta(dir)) return globIn(dir, file, cwd);
  const out: string[] = [];
  for (const d of await globPattern(dir, cwd)) out.push(...(await globIn(d, file, cwd)));
  return out;
}
