/**
 * The key/value pairs of a ConfigMap or Secret generator, from its three sources in kustomize's
 * order: `envs` files (`KEY=value` lines), `literals` (`key=value`, one level of quotes removed)
 * and `files` (`[key=]path`, the key defaulting to the file's base name).
 */
import { isUtf8 } from 'node:buffer';
import path from 'node:path';
import { KustomizeError } from '../errors.js';
import type { FileLoader } from '../load/loader.js';
import type { GeneratorArgs } from '../load/kustomization.js';

/** One pair; file contents keep their bytes (they may not be text). */
export interface KvPair {
  key: string;
  value: string;
  /** The raw bytes, for file sources. */
  bytes?: Buffer;
}

const MAX_ENV_LINE = 64 * 1024;

function removeQuotes(s: string): string {
  if (s.length < 2 || s[0] !== s[s.length - 1]) return s;
  return s[0] === '"' || s[0] === "'" ? s.slice(1, -1) : s;
}

function parseLiteral(source: string): KvPair {
  const eq = source.indexOf('=');
  if (eq <= 0) throw new KustomizeError(`invalid literal source ${source}, expected key=value`);
  return { key: source.slice(0, eq), value: removeQuotes(source.slice(eq + 1)) };
}

/** kustomize's `ParseFileSource`: `[key=]path`. */
export function parseFileSource(source: string): { key: string; file: string } {
  const separators = source.split('=').length - 1;
  if (separators === 0) return { key: path.posix.basename(source), file: source };
  if (separators === 1 && source.startsWith('=')) throw new KustomizeError(`missing key name for file path ${JSON.stringify(source.slice(1))} in source ${JSON.stringify(source)}`);
  if (separators === 1 && source.endsWith('=')) throw new KustomizeError(`missing file path for key name ${JSON.stringify(source.slice(0, -1))} in source ${JSON.stringify(source)}`);
  if (separators > 1) throw new KustomizeError(`source ${JSON.stringify(source)} key name or file path contains '='`);
  const [key = '', file = ''] = source.split('=');
  return { key, file };
}

/** Go's `unicode.IsSpace` for the characters a line may start with. */
const LEADING_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;

function pairsFromEnvFile(content: Buffer, file: string): KvPair[] {
  const pairs: KvPair[] = [];
  let start = 0;
  let lineNumber = 0;
  while (start < content.length) {
    let end = content.indexOf(0x0a, start);
    if (end < 0) end = content.length;
    let line = content.subarray(start, end);
    start = end + 1;
    if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
    if (line.length > MAX_ENV_LINE) throw new KustomizeError(`env source files: [${file}]: bufio.Scanner: token too long`);
    if (!isUtf8(line)) throw new KustomizeError(`env source files: [${file}]: line ${lineNumber} has invalid utf8 bytes`);
    let text = line.toString('utf8');
    if (lineNumber === 0 && text.startsWith('\ufeff')) text = text.slice(1);
    lineNumber++;
    text = text.replace(LEADING_SPACE, '');
    if (text === '' || text.startsWith('#')) continue;
    const eq = text.indexOf('=');
    pairs.push(eq < 0 ? { key: text, value: '' } : { key: text.slice(0, eq), value: text.slice(eq + 1) });
  }
  return pairs;
}

/** Every pair of a generator, in kustomize's order (envs, literals, files). */
export async function loadPairs(loader: FileLoader, args: GeneratorArgs): Promise<KvPair[]> {
  const all: KvPair[] = [];
  for (const file of args.envs ?? []) all.push(...pairsFromEnvFile(await loader.load(file), file));
  for (const literal of args.literals ?? []) all.push(parseLiteral(literal));
  for (const source of args.files ?? []) {
    const { key, file } = parseFileSource(source);
    const bytes = await loader.load(file);
    all.push({ key, value: bytes.toString('utf8'), bytes });
  }
  return all;
}

/** Whether the pair's value is valid text (ConfigMaps keep other values in `binaryData`). */
export function isTextValue(pair: KvPair): boolean {
  return pair.bytes === undefined || isUtf8(pair.bytes);
}

/** Base64 as kyaml writes it: lines of 70 characters, each ending in a newline, once it is 70 or longer. */
export function encodeBase64Lines(bytes: Uint8Array): string {
  const encoded = Buffer.from(bytes).toString('base64');
  if (encoded.length < 70) return encoded;
  let out = '';
  for (let i = 0; i < encoded.length; i += 70) out += `${encoded.slice(i, i + 70)}\n`;
  return out;
}
