/**
 * Splits manifest text into documents and parses each one, remembering where it started so that
 * errors and results can point at a file, a document and a line.
 *
 * YAML is split at `---` lines exactly as kubectl's YAML reader splits it (a line that starts with
 * `---` followed only by whitespace), then each document is parsed with go-yaml v2's typing of
 * plain scalars (`yes` is a boolean, `0777` an octal integer), which is what kubectl applies. Text
 * that starts with `{` is a stream of JSON values, as kubectl's YAML-or-JSON decoder sniffs it.
 */
import { InputError } from '../errors.js';
import { MAX_NESTING_DEPTH } from '../../machinery/yaml/limits.js';
import { loadYaml, YamlSyntaxError } from '../../machinery/yaml/read.js';
import { goJsonSyntaxProblem } from '../../machinery/go-json-syntax.js';

/** One parsed document of a manifest source. */
export interface ParsedDocument {
  /** The parsed value (`null` for an empty document). */
  value: unknown;
  /** 0-based index of the document in its source. */
  index: number;
  /** 1-based line of the document's first content line. */
  line: number;
}

/** A YAML document's text and the 0-based line it starts on. */
interface Chunk {
  text: string;
  startLine: number;
}

/** kubectl's document split: a line starting with `---` and nothing but whitespace after it. */
function splitYamlDocuments(text: string): Chunk[] {
  const lines = text.split('\n');
  const chunks: Chunk[] = [];
  let start = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith('---') && line.slice(3).trim() === '') {
      chunks.push({ text: lines.slice(start, i).join('\n'), startLine: start });
      start = i + 1;
    }
  }
  chunks.push({ text: lines.slice(start).join('\n'), startLine: start });
  // A leading `---` produces an empty first chunk that kubectl does not count as a document.
  if (chunks.length > 1 && chunks[0]?.text.trim() === '' && /^---/.test(text.trimStart())) chunks.shift();
  return chunks;
}

/** 0-based offset of the first line holding something besides blanks and comments. */
function firstContentLine(text: string): number {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const t = (lines[i] as string).trim();
    if (t !== '' && !t.startsWith('#')) return i;
  }
  return 0;
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Whether the text is a JSON stream (kubectl sniffs the first non-space byte for `{`). */
export function looksLikeJson(text: string): boolean {
  return /^\s*\{/.test(text);
}

/** Splits a stream of concatenated JSON values into [start, end) ranges of the top-level values. */
function splitJsonValues(text: string, source: string): Array<{ start: number; end: number }> {
  const ranges: Array<{ start: number; end: number }> = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      if (depth === 0) start = i;
    } else if (c === '{' || c === '[') {
      if (depth === 0) start = i;
      depth++;
      // Go's encoding/json refuses deep nesting the same way (at 10,000); deeper than this would
      // overflow the stack of whatever walks the object next.
      if (depth > MAX_NESTING_DEPTH) {
        const at = lineColumn(text, i);
        throw new InputError(`document ${ranges.length + 1}: json: invalid character '${c}' exceeded max depth of ${MAX_NESTING_DEPTH}`, { file: source, line: at.line, column: at.column });
      }
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) {
        ranges.push({ start, end: i + 1 });
        start = -1;
      } else if (depth < 0) {
        const at = lineColumn(text, i);
        throw new InputError(`document ${ranges.length + 1}: invalid character '${c}' looking for beginning of value`, { file: source, line: at.line, column: at.column });
      }
    } else if (depth === 0 && !/\s/.test(c ?? '')) {
      const at = lineColumn(text, i);
      throw new InputError(`document ${ranges.length + 1}: invalid character '${c ?? ''}' looking for beginning of value`, { file: source, line: at.line, column: at.column });
    }
  }
  if (depth > 0 || inString) {
    const at = lineColumn(text, text.length);
    throw new InputError(`document ${ranges.length + 1}: unexpected end of JSON input`, { file: source, line: at.line, column: at.column });
  }
  return ranges;
}

function parseJsonStream(text: string, source: string): ParsedDocument[] {
  const docs: ParsedDocument[] = [];
  for (const [index, range] of splitJsonValues(text, source).entries()) {
    const slice = text.slice(range.start, range.end);
    try {
      docs.push({ value: JSON.parse(slice) as unknown, index, line: lineColumn(text, range.start).line });
    } catch (err) {
      // JSON.parse does not always say where it failed; Go's scanner does, and in Go's words.
      const bytes = new TextEncoder().encode(slice);
      const problem = goJsonSyntaxProblem(bytes);
      // Go counts bytes; the position is given in the characters of the text.
      const offset = problem === undefined ? slice.length : new TextDecoder().decode(bytes.subarray(0, problem.offset)).length;
      const at = lineColumn(text, range.start + offset);
      const reason = problem?.message ?? (err as Error).message;
      throw new InputError(`document ${index + 1}: ${reason}`, { file: source, line: at.line, column: at.column });
    }
  }
  return docs;
}

async function parseYamlStream(text: string, source: string, errors: InputError[]): Promise<ParsedDocument[]> {
  const docs: ParsedDocument[] = [];
  for (const [index, chunk] of splitYamlDocuments(text).entries()) {
    const line = chunk.startLine + firstContentLine(chunk.text) + 1;
    if (chunk.text.trim() === '') {
      docs.push({ value: null, index, line });
      continue;
    }
    try {
      // A later duplicate key wins, as go-yaml v2 does, instead of failing.
      const value = await loadYaml(chunk.text, { duplicateKeys: 'last-wins' });
      docs.push({ value: value ?? null, index, line });
    } catch (err) {
      if (!(err instanceof YamlSyntaxError)) throw err;
      // Each document is parsed on its own: a broken one does not hide the problems of the next.
      const options: { file: string; line: number; column?: number } = { file: source, line: err.line === undefined ? line : chunk.startLine + err.line };
      if (err.column !== undefined) options.column = err.column;
      errors.push(new InputError(`document ${index + 1}: yaml: ${err.reason}`, options));
    }
  }
  return docs;
}

/** The documents of a source and every problem found in it. */
export interface ParsedSource {
  documents: ParsedDocument[];
  /** Syntax errors (every broken YAML document; the first problem of a JSON stream). */
  errors: InputError[];
}

/**
 * Parses the text of one manifest source into documents (empty documents included, as `null`,
 * so that indexes match the file). Errors are {@link InputError}s naming the source, the 1-based
 * document number, and the line and column.
 */
export async function parseSource(text: string, source: string): Promise<ParsedSource> {
  const clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const errors: InputError[] = [];
  if (looksLikeJson(clean)) {
    try {
      return { documents: parseJsonStream(clean, source), errors };
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      return { documents: [], errors: [err] };
    }
  }
  const documents = await parseYamlStream(clean.replace(/\r\n/g, '\n'), source, errors);
  return { documents, errors };
}
