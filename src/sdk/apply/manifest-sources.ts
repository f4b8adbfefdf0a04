/**
 * Turns `-f` arguments (files, directories, `-` for stdin, http(s) URLs) into the texts they hold,
 * in the order kubectl visits them: arguments in order, directory entries in byte order, only
 * `.json`, `.yaml` and `.yml` files inside directories, sub-directories only with `recursive`.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AbortedError, InputError } from '../errors.js';

/** Fetches the text at a URL (for `-f https://...`). */
export type FetchUrl = (url: string, signal: AbortSignal | undefined) => Promise<string>;

/** One source's text and the name errors and results use for it. */
export interface SourceText {
  /** The path as the user gave it (joined with entry names inside directories), `STDIN`, or the URL. */
  source: string;
  text: string;
}

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
}

/** The name kubectl gives standard input in messages. */
export const STDIN_SOURCE = 'STDIN';

const MANIFEST_EXTENSIONS = new Set(['.json', '.yaml', '.yml']);
const URL_PATTERN = /^https?:\/\//i;
const FETCH_ATTEMPTS = 3;

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw new AbortedError();
}

async function readStream(stream: Readable, signal: AbortSignal | undefined): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    checkAborted(signal);
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The default {@link FetchUrl}: GET with up to three attempts on 5xx answers and network errors. */
export const defaultFetchUrl: FetchUrl = async (url, signal) => {
  let lastError = '';
  for (let attempt = 1; attempt <= FETCH_ATTEMPTS; attempt++) {
    checkAborted(signal);
    try {
      const init: RequestInit = signal === undefined ? {} : { signal };
      const res = await fetch(url, init);
      if (res.status >= 200 && res.status < 300) return await res.text();
      lastError = `unable to read URL "${url}", server reported ${res.status} ${res.statusText}, status code=${res.status}`;
      if (res.status < 500) break;
    } catch (err) {
      checkAborted(signal);
      const cause = (err as { cause?: { message?: string } }).cause;
      lastError = `unable to read URL "${url}": ${cause?.message ?? (err as Error).message}`;
    }
    if (attempt < FETCH_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
  throw new InputError(lastError);
};

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

/** Lists the files a `-f` path stands for (the file itself, or the manifest files of a directory). */
export async function expandPath(arg: string, cwd: string, recursive: boolean): Promise<Array<{ shown: string; absolute: string }>> {
  const absolute = path.resolve(cwd, arg);
  const info = await stat(absolute).catch(() => undefined);
  if (info === undefined) throw new InputError(`the path "${arg}" does not exist`);
  if (!info.isDirectory()) return [{ shown: arg, absolute }];
  const files: Array<{ shown: string; absolute: string }> = [];
  await walkDirectory(arg, absolute, recursive, files);
  return files;
}

/** Reads every source named by `args`, in order. */
export async function readSources(args: readonly string[], options: ReadSourcesOptions): Promise<SourceText[]> {
  const out: SourceText[] = [];
  let stdinText: string | undefined;
  for (const arg of args) {
    checkAborted(options.signal);
    if (arg === '-') {
      stdinText ??= await readStream(options.stdin(), options.signal);
      out.push({ source: STDIN_SOURCE, text: stdinText });
    } else if (URL_PATTERN.test(arg)) {
      const fetchUrl = options.fetchUrl ?? defaultFetchUrl;
      out.push({ source: arg, text: await fetchUrl(arg, options.signal) });
    } else {
      for (const file of await expandPath(arg, options.cwd, options.recursive === true)) {
        checkAborted(options.signal);
        try {
          out.push({ source: file.shown, text: await readFile(file.absolute, 'utf8') });
        } catch (err) {
          throw new InputError(`unable to read "${file.shown}": ${(err as Error).message}`);
        }
      }
    }
  }
  return out;
}
