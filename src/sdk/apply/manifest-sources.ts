/**
 * Turns `-f` arguments (files, directories, `-` for stdin, http(s) URLs) into the texts they hold,
 * in the order kubectl visits them: arguments in order, directory entries in byte order, only
 * `.json`, `.yaml` and `.yml` files inside directories, sub-directories only with `recursive`.
 * Every source is read even when an earlier one fails, so that all problems are reported at once;
 * text that is not valid UTF-8 is a problem (never silently replaced), and so is a source larger
 * than {@link MANIFEST_LIMIT} (`-f /dev/zero` must end with a message, not exhaust memory).
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MANIFEST_LIMIT, readFileLimited, readStreamLimited, tooLarge } from '../bounded-read.js';
import { AbortedError, InputError, TooLargeError } from '../errors.js';
import { BadPatternError, goGlob } from './glob.js';
import { decodeUtf8 } from './utf8.js';

/** Fetches the text at a URL (for `-f https://...`). */
export type FetchUrl = (url: string, signal: AbortSignal | undefined) => Promise<string>;

/** One source's text and the name errors and results use for it. */
export interface SourceText {
  /** The path as the user gave it (joined with entry names inside directories), `STDIN`, or the URL. */
  source: string;
  text: string;
}

/** A source that could not be read (or is not UTF-8). */
export interface SourceFailure {
  source: string;
  error: InputError;
}

/** Called as sources are read: how many of how many (the total is known once directories are listed). */
export type ReadProgress = (read: number, total: number) => void;

/** Options of `readSources` (and of `readManifests`, which reads through it). */
export interface ReadSourcesOptions {
  /** Descend into sub-directories (`-R`). */
  recursive?: boolean | undefined;
  /** Directory relative paths are resolved against. */
  cwd: string;
  /** Standard input, read when a source is `-`. */
  stdin: () => Readable;
  signal?: AbortSignal | undefined;
  /** URL fetcher; defaults to the global `fetch` with kubectl's three attempts on server errors. */
  fetchUrl?: FetchUrl | undefined;
  /** Progress of reading (for a progress line while a big directory is read). */
  onRead?: ReadProgress | undefined;
}

/** The name kubectl gives standard input in messages. */
export const STDIN_SOURCE = 'STDIN';

const MANIFEST_EXTENSIONS = new Set(['.json', '.yaml', '.yml']);
const URL_PATTERN = /^https?:\/\//i;
const FETCH_ATTEMPTS = 3;

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw new AbortedError();
}

/** The default {@link FetchUrl}: GET with up to three attempts on 5xx answers and network errors. */
export const defaultFetchUrl: FetchUrl = async (url, signal) => decodeUtf8(await fetchBytes(url, signal), url);

/** The body of a 2xx answer, refused as soon as it passes the manifest limit (a declared length larger than it: at once). */
async function boundedBody(res: Response): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? '');
  if (declared > MANIFEST_LIMIT.bytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge(MANIFEST_LIMIT);
  }
  return res.body === null ? Buffer.alloc(0) : readStreamLimited(res.body, MANIFEST_LIMIT);
}

async function fetchBytes(url: string, signal: AbortSignal | undefined): Promise<Buffer> {
  let lastError = '';
  for (let attempt = 1; attempt <= FETCH_ATTEMPTS; attempt++) {
    checkAborted(signal);
    try {
      const init: RequestInit = signal === undefined ? {} : { signal };
      const res = await fetch(url, init);
      if (res.status >= 200 && res.status < 300) return await boundedBody(res);
      lastError = `unable to read URL "${url}", server reported ${res.status} ${res.statusText}, status code=${res.status}`;
      if (res.status < 500) break;
    } catch (err) {
      checkAborted(signal);
      if (err instanceof TooLargeError) throw new InputError(`unable to read URL "${url}": ${err.message}`);
      const cause = (err as { cause?: { message?: string } }).cause;
      lastError = `unable to read URL "${url}": ${cause?.message ?? (err as Error).message}`;
    }
    if (attempt < FETCH_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
  throw new InputError(lastError);
}

/** Byte-order comparison, as Go sorts directory entries. */
function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function walkDirectory(shown: string, absolute: string, recursive: boolean, out: Array<{ shown: string; absolute: string }>): Promise<void> {
  const entries = await readdir(absolute, { withFileTypes: true });
  entries.sort((a, b) => byteOrder(a.name, b.name));
  for (const entry of entries) {
    const childShown = path.join(shown, entry.name);
    const childAbsolute = path.join(absolute, entry.name);
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      const target = await stat(childAbsolute).catch(() => undefined);
      isDir = target?.isDirectory() ?? false;
      isFile = target?.isFile() ?? false;
    }
    if (isDir) {
      if (recursive) await walkDirectory(childShown, childAbsolute, recursive, out);
    } else if (isFile && MANIFEST_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) {
      out.push({ shown: childShown, absolute: childAbsolute });
    }
  }
}

/**
 * Lists the files a `-f` path stands for (the file itself, or the manifest files of a directory).
 * A path that does not exist is a glob pattern, as kubectl reads it (`-f 'dir/*.yaml'`).
 */
export async function expandPath(arg: string, cwd: string, recursive: boolean): Promise<Array<{ shown: string; absolute: string }>> {
  const absolute = path.resolve(cwd, arg);
  const info = await stat(absolute).catch(() => undefined);
  if (info === undefined) return expandPattern(arg, cwd, recursive);
  if (!info.isDirectory()) return [{ shown: arg, absolute }];
  const files: Array<{ shown: string; absolute: string }> = [];
  await walkDirectory(arg, absolute, recursive, files);
  return files;
}

/** The files of every path a glob pattern matches; no match is kubectl's "does not exist". */
async function expandPattern(pattern: string, cwd: string, recursive: boolean): Promise<Array<{ shown: string; absolute: string }>> {
  let matches: string[];
  try {
    matches = await goGlob(pattern, cwd);
  } catch (err) {
    if (err instanceof BadPatternError) throw new InputError(`pattern "${pattern}" is not valid: ${err.message}`);
    throw err;
  }
  if (matches.length === 0) throw new InputError(`the path "${pattern}" does not exist`);
  const out: Array<{ shown: string; absolute: string }> = [];
  for (const match of matches) out.push(...(await expandPath(match, cwd, recursive)));
  return out;
}

type Pending = { kind: 'stdin' } | { kind: 'url'; url: string } | { kind: 'file'; shown: string; absolute: string } | SourceFailure;

/**
 * Reads every source named by `args`, in order. A source that cannot be read gives a
 * {@link SourceFailure} in its place; the others are still read.
 */
export async function readSources(args: readonly string[], options: ReadSourcesOptions): Promise<Array<SourceText | SourceFailure>> {
  const pending: Pending[] = [];
  for (const arg of args) {
    checkAborted(options.signal);
    if (arg === '-') pending.push({ kind: 'stdin' });
    else if (URL_PATTERN.test(arg)) pending.push({ kind: 'url', url: arg });
    else {
      try {
        for (const file of await expandPath(arg, options.cwd, options.recursive === true)) pending.push({ kind: 'file', ...file });
      } catch (err) {
        pending.push({ source: arg, error: asInputError(err, `unable to read "${arg}"`) });
      }
    }
  }
  const out: Array<SourceText | SourceFailure> = [];
  let stdinText: Buffer | undefined;
  for (const [i, item] of pending.entries()) {
    checkAborted(options.signal);
    options.onRead?.(i, pending.length);
    if ('error' in item) {
      out.push(item);
      continue;
    }
    const source = item.kind === 'stdin' ? STDIN_SOURCE : item.kind === 'url' ? item.url : item.shown;
    try {
      if (item.kind === 'stdin') {
        stdinText ??= await readStreamLimited(options.stdin(), MANIFEST_LIMIT, options.signal);
        out.push({ source, text: decodeUtf8(stdinText, source) });
      } else if (item.kind === 'url') {
        const fetchUrl = options.fetchUrl ?? defaultFetchUrl;
        out.push({ source, text: await fetchUrl(item.url, options.signal) });
      } else {
        let bytes: Buffer;
        try {
          bytes = await readFileLimited(item.absolute, MANIFEST_LIMIT);
        } catch (err) {
          throw new InputError(`unable to read "${item.shown}": ${(err as Error).message}`);
        }
        out.push({ source, text: decodeUtf8(bytes, source) });
      }
    } catch (err) {
      if (err instanceof AbortedError || options.signal?.aborted === true) throw new AbortedError();
      out.push({ source, error: asInputError(err, `unable to read "${source}"`) });
    }
  }
  options.onRead?.(pending.length, pending.length);
  return out;
}

function asInputError(err: unknown, context: string): InputError {
  return err instanceof InputError ? err : new InputError(`${context}: ${err instanceof Error ? err.message : String(err)}`);
}
