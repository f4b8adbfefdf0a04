/**
 * Extracting a tar stream from a container into a local directory, with kubectl's protections: the
 * source prefix is stripped from every entry; an entry that would land outside the destination
 * (`../`, absolute names) is skipped with a warning, as are symbolic and hard links, so a hostile
 * container cannot write anywhere else on the local machine. A stream that is cut off or is no tar
 * archive ends with the one line kubectl's archive/tar reader gives (`unexpected EOF`,
 * `archive/tar: invalid tar header`).
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PlatformError } from '../errors.js';
import { withoutTrailing } from '../../machinery/trailing.js';

/** Whether `target` is `base` or inside it. */
export function isInside(base: string, target: string): boolean {
  const rel = relative(resolve(base), resolve(target));
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The local path of an entry, or undefined when it falls outside `dest` (kubectl's mapping). */
export function destinationOf(entryName: string, prefix: string, dest: string): string | undefined {
  const name = entryName.replace(/^\/+/, '');
  const clean = withoutTrailing(prefix.replace(/^\/+/, ''), '/');
  let mapped: string;
  if (name === clean) mapped = '';
  else if (clean === '' || clean === '.') mapped = name;
  else if (name.startsWith(`${clean}/`)) mapped = name.slice(clean.length);
  else return undefined;
  const target = join(dest, mapped);
  return isInside(dest, target) ? target : undefined;
}

/** tar-stream's errors about the archive itself, in the words of Go's archive/tar (what kubectl prints). */
function archiveError(err: unknown): unknown {
  const message = err instanceof Error ? err.message : '';
  if (message === 'Unexpected end of data') return new PlatformError('unexpected EOF');
  if (message.startsWith('Invalid tar header') || message === 'Invalid header' || message === 'Header exceeds max size') {
    return new PlatformError('archive/tar: invalid tar header');
  }
  return err;
}

/** Extracts `tarStream` under `dest`; `warn` receives kubectl's warnings. */
export async function untar(tarStream: Readable, prefix: string, dest: string, warn: (line: string) => void): Promise<void> {
  const tar = await import('tar-stream');
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    let finished = false;
    const done = (e?: unknown): void => {
      if (finished) return;
      finished = true;
      if (e !== undefined) extract.destroy(e instanceof Error ? e : new Error(String(e)));
      else next();
    };
    // An archive cut off inside this entry errors the entry's stream: whatever happens to the
    // entry, that error ends the extraction (unheard, it would crash the process).
    stream.on('error', done);
    // Entries without content are drained first; `then` runs once the entry has ended.
    const skip = (then: () => Promise<void> = async () => undefined): void => {
      stream.once('end', () => void then().then(() => done(), done));
      stream.resume();
    };
    const target = destinationOf(header.name, prefix, dest);
    if (target === undefined) {
      warn(`warning: file "${join(dest, header.name)}" is outside target destination, skipping`);
      skip();
      return;
    }
    if (header.type === 'symlink' || header.type === 'link') {
      warn(`warning: skipping symlink: "${target}" -> "${header.linkname ?? ''}"`);
      skip();
      return;
    }
    if (header.type === 'directory') {
      skip(async () => {
        await mkdir(target, { recursive: true });
      });
      return;
    }
    if (header.type !== 'file' && header.type !== 'contiguous-file') {
      skip();
      return;
    }
    mkdir(dirname(target), { recursive: true })
      .then(() => pipeline(stream, createWriteStream(target, { mode: (header.mode ?? 0o644) & 0o777 })))
      .then(() => done(), done);
  });
  try {
    await pipeline(tarStream, extract);
  } catch (err) {
    throw archiveError(err);
  }
}
