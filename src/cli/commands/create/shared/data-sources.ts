/**
 * The data of `create configmap` and `create secret generic`: `--from-literal=key=value`,
 * `--from-file=[key=]path` (a file, or every regular file of a directory), and
 * `--from-env-file=path` (`KEY=value` lines), with kubectl's key rules and messages.
 */
import { isUtf8 } from 'node:buffer';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { INPUT_FILE_LIMIT, readFileLimited } from '../../../../sdk/bounded-read.js';
import { InputError, TooLargeError } from '../../../../sdk/errors.js';

/** Keys and their bytes, in the order they were added. */
export interface DataEntries {
  /** Text values (valid UTF-8). */
  text: Map<string, string>;
  /** Values that are not valid UTF-8 (ConfigMap `binaryData`). */
  binary: Map<string, Buffer>;
}

/** What the data is for: messages name it, and Secrets keep every value as bytes. */
export interface DataTarget {
  kind: 'ConfigMap' | 'Secret';
  name: string;
}

const KEY_PATTERN = /^[-._a-zA-Z0-9]+$/;
const ENV_NAME_PATTERN = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;

function regexError(message: string, format: string, examples: string[]): string {
  return `${message} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${format}')`;
}

function chDirErrors(value: string): string[] {
  if (value === '.') return ["must not be '.'"];
  if (value === '..') return ["must not be '..'"];
  if (value.startsWith('..')) return ["must not start with '..'"];
  return [];
}

/** apimachinery's IsConfigMapKey. */
export function configMapKeyErrors(key: string): string[] {
  const errs: string[] = [];
  if (key.length > 253) errs.push('must be no more than 253 characters');
  if (!KEY_PATTERN.test(key)) errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", '[-._a-zA-Z0-9]+', ['key.name', 'KEY_NAME', 'key-name']));
  return [...errs, ...chDirErrors(key)];
}

function envNameErrors(key: string): string[] {
  const errs: string[] = [];
  if (!ENV_NAME_PATTERN.test(key)) {
    errs.push(regexError("a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit", '[-._a-zA-Z][-._a-zA-Z0-9]*', ['my.env-name', 'MY_ENV.NAME', 'MyEnvName1']));
  }
  return [...errs, ...chDirErrors(key)];
}

function add(entries: DataEntries, target: DataTarget, key: string, value: string | Buffer): void {
  const errs = configMapKeyErrors(key);
  if (target.kind === 'Secret') {
    if (errs.length > 0) throw new InputError(`${JSON.stringify(key)} is not valid key name for a Secret ${errs.join(';')}`);
    if (entries.text.has(key) || entries.binary.has(key)) throw new InputError(`cannot add key ${key}, another key by that name already exists`);
  } else {
    if (errs.length > 0) throw new InputError(`${JSON.stringify(key)} is not a valid key name for a ConfigMap: ${errs.join(',')}`);
    if (entries.text.has(key)) throw new InputError(`cannot add key ${JSON.stringify(key)}, another key by that name already exists in Data for ConfigMap ${JSON.stringify(target.name)}`);
    if (entries.binary.has(key)) throw new InputError(`cannot add key ${JSON.stringify(key)}, another key by that name already exists in BinaryData for ConfigMap ${JSON.stringify(target.name)}`);
  }
  if (typeof value === 'string') entries.text.set(key, value);
  else entries.binary.set(key, value);
}

/** The bytes of a data file, bounded: a device or FIFO named by `--from-file` must not exhaust memory. */
async function readDataFile(file: string): Promise<Buffer> {
  try {
    return await readFileLimited(file, INPUT_FILE_LIMIT);
  } catch (err) {
    if (err instanceof TooLargeError) throw new InputError(`error reading ${file}: ${err.message}`);
    throw err;
  }
}

async function addFile(entries: DataEntries, target: DataTarget, key: string, file: string): Promise<void> {
  const bytes = await readDataFile(file);
  // A Secret keeps bytes; a ConfigMap keeps text in data and anything else in binaryData.
  if (target.kind === 'Secret') add(entries, target, key, bytes);
  else if (isUtf8(bytes)) add(entries, target, key, bytes.toString('utf8'));
  else add(entries, target, key, bytes);
}

/** kubectl's `ParseLiteralSource`. */
function parseLiteral(source: string): [string, string] {
  const eq = source.indexOf('=');
  if (eq <= 0) throw new InputError(`invalid literal source ${source}, expected key=value`);
  return [source.slice(0, eq), source.slice(eq + 1)];
}

/** kubectl's `ParseFileSource`: `path` (key = base name) or `key=path`. */
function parseFileSource(source: string): [string, string] {
  const separators = source.split('=').length - 1;
  if (separators === 0) return [path.posix.basename(source.replace(/\\/g, '/')), source];
  if (separators === 1 && source.startsWith('=')) throw new InputError(`key name for file path ${source.slice(1)} missing`);
  if (separators === 1 && source.endsWith('=')) throw new InputError(`file path for key name ${source.slice(0, -1)} missing`);
  if (separators > 1) throw new InputError("key names or file paths cannot contain '='");
  const [key, file] = source.split('=') as [string, string];
  return [key, file];
}

async function statOrFail(file: string, absolute: string): Promise<Awaited<ReturnType<typeof stat>>> {
  try {
    return await stat(absolute);
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new InputError(`error reading ${file}: ${code === 'ENOENT' ? 'no such file or directory' : (err as Error).message}`);
  }
}

/** Options of {@link collectData}. */
export interface DataSources {
  literals: readonly string[];
  files: readonly string[];
  envFiles: readonly string[];
  cwd: string;
  /** Environment for env-file lines without `=` (their value comes from the environment). */
  env: Readonly<Record<string, string | undefined>>;
}

/** Reads every source into one set of entries (duplicate or invalid keys are errors). */
export async function collectData(target: DataTarget, sources: DataSources): Promise<DataEntries> {
  if (sources.envFiles.length > 0 && (sources.files.length > 0 || sources.literals.length > 0)) {
    throw new InputError('from-env-file cannot be combined with from-file or from-literal');
  }
  const entries: DataEntries = { text: new Map(), binary: new Map() };
  for (const source of sources.files) {
    const [key, file] = parseFileSource(source);
    const absolute = path.resolve(sources.cwd, file);
    const info = await statOrFail(file, absolute);
    if (info.isDirectory()) {
      if (source.includes('=')) throw new InputError('cannot give a key name for a directory path');
      const items = (await readdir(absolute, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const item of items) if (item.isFile()) await addFile(entries, target, item.name, path.join(absolute, item.name));
    } else {
      await addFile(entries, target, key, absolute);
    }
  }
  for (const source of sources.literals) {
    const [key, value] = parseLiteral(source);
    add(entries, target, key, target.kind === 'Secret' ? Buffer.from(value, 'utf8') : value);
  }
  for (const file of sources.envFiles) {
    const absolute = path.resolve(sources.cwd, file);
    const info = await statOrFail(file, absolute);
    if (info.isDirectory()) throw new InputError('env config file cannot be a directory');
    const bytes = await readDataFile(absolute);
    const lines = bytes.toString('utf8').split('\n');
    lines.forEach((raw, i) => {
      let line = raw.replace(/\r$/, '');
      if (i === 0) line = line.replace(/^\ufeff/, '');
      line = line.trimStart();
      if (line === '' || line.startsWith('#')) return;
      const eq = line.indexOf('=');
      const key = eq < 0 ? line : line.slice(0, eq);
      const errs = envNameErrors(key);
      if (errs.length > 0) throw new InputError(`${JSON.stringify(key)} is not a valid key name: ${errs.join(';')}`);
      const value = eq < 0 ? (sources.env[key] ?? '') : line.slice(eq + 1);
      add(entries, target, key, target.kind === 'Secret' ? Buffer.from(value, 'utf8') : value);
    });
  }
  return entries;
}
