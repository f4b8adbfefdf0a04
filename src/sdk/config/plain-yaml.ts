/**
 * A fast path for config files: the plain block YAML that kubectl and this client write (block
 * mappings and sequences indented with spaces, plain scalars typed as go-yaml v2 types them,
 * simple quoted strings, `{}` and `[]`, comment lines), parsed line by line without loading
 * js-yaml, whose start-up and parse are about 4 ms of every command that reads a config.
 *
 * It never decides a question of YAML on its own: whatever is outside that subset (anchors and
 * aliases, flow collections, block scalars, escapes, tags, comments after a value, several
 * documents, tabs, duplicate keys, keys that are not plain words, multi-line scalars, ...) makes it
 * answer `undefined`, and the caller parses the text with js-yaml, which accepts, types or refuses
 * it with its own error and line. So for every text it accepts, it gives exactly what js-yaml with
 * the go-yaml schema gives (a differential test compares the two on generated files).
 */
import { MAX_NESTING_DEPTH } from '../../machinery/yaml/limits.js';
import { resolvePlain } from '../../machinery/yaml/resolve.js';

/** One content line: its indentation and its text after the indentation. */
interface Line {
  indent: number;
  text: string;
}

/** Thrown inside the parser when the text leaves the subset; never escapes this module. */
class NotPlain extends Error {}

const PLAIN_KEY = /^[A-Za-z0-9_][A-Za-z0-9_./-]*$/;
/** Characters that start something other than a plain scalar (indicators), or a `- ` entry. */
const INDICATOR_START = /^[-?:,[\]{}#&*!|>'"%@`]/;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The value of a plain scalar as go-yaml v2 types it (timestamps stay strings, as in the js-yaml schema). */
function plainValue(raw: string): unknown {
  const { tag, value } = resolvePlain(raw);
  return tag === 'null' || tag === 'bool' || tag === 'int' || tag === 'float' ? value : raw;
}

/** A scalar, `{}` or `[]` written after `key: ` or `- `. */
function scalar(raw: string): unknown {
  if (raw === '{}') return {};
  if (raw === '[]') return [];
  if (raw.startsWith('"')) {
    const body = raw.slice(1, -1);
    if (raw.length < 2 || !raw.endsWith('"') || /["\\]/.test(body)) throw new NotPlain();
    return body;
  }
  if (raw.startsWith("'")) {
    const body = raw.slice(1, -1);
    if (raw.length < 2 || !raw.endsWith("'") || body.replace(/''/g, '').includes("'")) throw new NotPlain();
    return body.replace(/''/g, "'");
  }
  // A leading '-' that is not followed by a space starts a plain scalar (`-1`, `--flag`); other
  // indicators, comments after a value, `: ` inside or at the end, are left to js-yaml.
  const dashPlain = /^-\S/.test(raw);
  if ((!dashPlain && INDICATOR_START.test(raw)) || raw.includes(': ') || raw.endsWith(':') || raw.includes(' #')) throw new NotPlain();
  return plainValue(raw);
}

class Parser {
  private pos = 0;

  constructor(private readonly lines: Line[]) {}

  parseDocument(): unknown {
    const first = this.lines[0];
    if (first === undefined) return null;
    if (first.indent !== 0) throw new NotPlain();
    const value = first.text.startsWith('- ') || first.text === '-' ? this.sequence(0, 1) : this.mapping(0, 1);
    if (this.pos !== this.lines.length) throw new NotPlain();
    return value;
  }

  private peek(): Line | undefined {
    return this.lines[this.pos];
  }

  /** The block value that follows a `key:` or `-` with nothing after it at `indent`. */
  private nested(indent: number, depth: number, inMapping: boolean): unknown {
    const next = this.peek();
    if (next === undefined) return null;
    const isEntry = next.text.startsWith('- ') || next.text === '-';
    if (next.indent > indent) return isEntry ? this.sequence(next.indent, depth) : this.mapping(next.indent, depth);
    // kubectl writes a mapping's sequence at the key's own indentation.
    if (inMapping && next.indent === indent && isEntry) return this.sequence(indent, depth);
    return null;
  }

  private mapping(indent: number, depth: number): Record<string, unknown> {
    if (depth > MAX_NESTING_DEPTH) throw new NotPlain();
    const out: Record<string, unknown> = {};
    for (let line = this.peek(); line !== undefined && line.indent === indent; line = this.peek()) {
      if (line.text.startsWith('- ') || line.text === '-') break;
      const colon = line.text.indexOf(':');
      if (colon <= 0) throw new NotPlain();
      const key = line.text.slice(0, colon);
      const rest = line.text.slice(colon + 1);
      if (!PLAIN_KEY.test(key) || resolvePlain(key).tag !== 'str' || UNSAFE_KEYS.has(key) || Object.hasOwn(out, key)) throw new NotPlain();
      if (rest !== '' && !rest.startsWith(' ')) throw new NotPlain();
      this.pos++;
      const raw = rest.trim();
      out[key] = raw === '' ? this.nested(indent, depth + 1, true) : scalar(raw);
    }
    const after = this.peek();
    if (after !== undefined && after.indent > indent) throw new NotPlain();
    return out;
  }

  private sequence(indent: number, depth: number): unknown[] {
    if (depth > MAX_NESTING_DEPTH) throw new NotPlain();
    const out: unknown[] = [];
    for (let line = this.peek(); line !== undefined && line.indent === indent && (line.text.startsWith('- ') || line.text === '-'); line = this.peek()) {
      const rest = line.text.slice(1);
      const content = rest.trimStart();
      if (content === '') {
        this.pos++;
        out.push(this.nested(indent, depth + 1, false));
        continue;
      }
      if (content.startsWith('- ') || content === '-') throw new NotPlain();
      const column = indent + 1 + (rest.length - content.length);
      if (/^[^'"{[][^:]*:( |$)/.test(content)) {
        // `- key: value`: a mapping whose first line shares the entry's line, at the key's column.
        this.lines[this.pos] = { indent: column, text: content };
        out.push(this.mapping(column, depth + 1));
        continue;
      }
      this.pos++;
      out.push(scalar(content.trimEnd()));
      const after = this.peek();
      if (after !== undefined && after.indent > indent) throw new NotPlain();
    }
    const after = this.peek();
    if (after !== undefined && after.indent > indent) throw new NotPlain();
    return out;
  }
}

/** The content lines of `text`, or undefined when a line is outside the subset's layout. */
function contentLines(text: string): Line[] | undefined {
  if (/[\t\r\uFEFF]/.test(text)) return undefined;
  const lines: Line[] = [];
  for (const raw of text.split('\n')) {
    const text = raw.trimEnd();
    const body = text.trimStart();
    if (body === '' || body.startsWith('#')) continue;
    if (text.startsWith('---') || text.startsWith('...') || text.startsWith('%')) return undefined;
    lines.push({ indent: text.length - body.length, text: body });
  }
  return lines;
}

/**
 * The value of a config file written in plain block YAML (see the module comment), or undefined
 * when the text is outside that subset and must be parsed by the full YAML reader.
 */
export function parsePlainBlockYaml(text: string): unknown {
  const lines = contentLines(text);
  if (lines === undefined) return undefined;
  try {
    return new Parser(lines).parseDocument();
  } catch (err) {
    if (err instanceof NotPlain) return undefined;
    throw err;
  }
}
