/**
 * Reading a whole file or stream into memory, with a size limit: the one way the SDK and the CLI
 * read what a user names (manifests, config files, certificates, keys, token files, templates,
 * standard input, plugin output). A name can stand for something endless (`/dev/zero`, a FIFO fed
 * forever, `yes |`), and reading that whole would exhaust memory before any error could be given;
 * past the limit the read stops with a {@link TooLargeError} that says which limit it was.
 *
 * The limits are far above what the files hold in practice and far below what would exhaust the
 * heap, so a real file never meets them:
 *
 * - manifests and other input files (`-f`, `--from-file`, patch and template files, kustomize
 *   files, an edit buffer): 256 MiB. kubectl has no limit; the API server takes at most 3 MiB per
 *   request, so 256 MiB is a whole cluster's worth of objects (a YAML dump of 100,000 config maps
 *   with their managed fields is about 100 MiB), while parsing one costs several times its size
 *   in memory and a JavaScript string cannot exceed 512 MiB at all.
 * - config files: 16 MiB (thousands of clusters and users with their certificates embedded).
 * - certificate, key and token files, and what an exec plugin prints: 4 MiB (a CA bundle of every
 *   public root is about 250 kB; a token or a certificate and key a few kB).
 *
 * File reads use the callback API of `node:fs` (as `fs-async.ts` explains, `node:fs/promises`
 * costs start-up time), and a regular file larger than the limit is refused from its size alone.
 */
import { close as closeCb, fstat as fstatCb, open as openCb, read as readCb } from 'node:fs';
import { promisify } from 'node:util';
import { AbortedError, TooLargeError } from './errors.js';

/** A limit on what one read may hold, and what it is a limit for (for the message). */
export interface ReadLimit {
  readonly bytes: number;
  /** `a manifest`, `a config file`: completes "the limit for ...". */
  readonly what: string;
}

const MiB = 1024 * 1024;

/** `-f` manifests, from files, standard input or URLs (see the module comment for why 256 MiB). */
export const MANIFEST_LIMIT: ReadLimit = { bytes: 256 * MiB, what: 'a manifest' };
/** Other input files: `--from-file` data, patch files, templates, raw request bodies. */
export const INPUT_FILE_LIMIT: ReadLimit = { bytes: 256 * MiB, what: 'an input file' };
/** Config files (`~/.platform/config`, `$PLATFORMCONFIG`, `--kubeconfig`). */
export const CONFIG_FILE_LIMIT: ReadLimit = { bytes: 16 * MiB, what: 'a config file' };
/** Certificate authority, client certificate, key and token files. */
export const CREDENTIAL_FILE_LIMIT: ReadLimit = { bytes: 4 * MiB, what: 'a certificate, key or token file' };
/** What an exec credential plugin prints on stdout (an ExecCredential: a token, or a certificate and key). */
export const EXEC_OUTPUT_LIMIT: ReadLimit = { bytes: 4 * MiB, what: 'exec plugin output' };

/** `256 MiB`, `4 KiB`, `100 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** The error of a read that went past `limit`. */
export function tooLarge(limit: ReadLimit): TooLargeError {
  return new TooLargeError(`more than ${formatBytes(limit.bytes)} (the limit for ${limit.what})`, limit.bytes);
}

const open = promisify(openCb);
const fstat = promisify(fstatCb);
const close = promisify(closeCb);
const read = promisify(readCb);

/** Size of the reads of a file whose size is not known in advance (a device, a FIFO, `/proc`). */
const CHUNK = 64 * 1024;

/**
 * The bytes of the file at `path`, at most `limit.bytes` of them.
 *
 * @throws the file system's error (ENOENT, EACCES, EISDIR ...) as `readFile` would, or a
 * {@link TooLargeError} when the file holds more than the limit.
 */
export async function readFileLimited(path: string, limit: ReadLimit): Promise<Buffer> {
  const fd = await open(path, 'r');
  try {
    const info = await fstat(fd);
    if (info.isFile() && info.size > limit.bytes) throw tooLarge(limit);
    if (info.isFile() && info.size > 0) {
      // As readFile does: the size at open is what is read, even if the file grows meanwhile.
      const buffer = Buffer.allocUnsafe(info.size);
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await read(fd, buffer, filled, buffer.length - filled, null);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return filled === buffer.length ? buffer : buffer.subarray(0, filled);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      const { bytesRead } = await read(fd, chunk, 0, CHUNK, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > limit.bytes) throw tooLarge(limit);
      chunks.push(bytesRead === CHUNK ? chunk : chunk.subarray(0, bytesRead));
    }
    return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
  } finally {
    await close(fd).catch(() => undefined);
  }
}

/** {@link readFileLimited} decoded as UTF-8 (invalid sequences replaced, as `readFile(path, 'utf8')`). */
export async function readTextFileLimited(path: string, limit: ReadLimit): Promise<string> {
  return (await readFileLimited(path, limit)).toString('utf8');
}

function asBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk);
  const view = chunk as Uint8Array;
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}

/**
 * Everything `stream` yields, at most `limit.bytes`; the stream is released (the loop's return
 * destroys a Node stream) as soon as the limit is passed or `signal` fires.
 *
 * @throws {@link TooLargeError} past the limit, {@link AbortedError} when `signal` fires.
 */
export async function readStreamLimited(stream: AsyncIterable<unknown>, limit: ReadLimit, signal?: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    if (signal?.aborted === true) throw new AbortedError();
    const bytes = asBuffer(chunk);
    total += bytes.length;
    if (total > limit.bytes) throw tooLarge(limit);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, total);
}
