/**
 * Extracting a tar stream from a container into a local directory, with kubectl's protections: the
 * source prefix is stripped from every entry; an entry that would land outside the destination
 * (`../`, absolute names) is skipped with a warning, as are symbolic and hard links, so a hostile
 * container cannot write anywhere else on the local machine.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Whether `target` is `base` or inside it. */
export function isInside(base: string, target: string): boolean {
  const rel = relative(resolve(base), resolve(target));
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The local path of an entry, or undefined when it falls outside `dest` (kubectl's mapping). */
export function destinationOf(entryName: string, prefix: string, dest: string): string | undefined {
  const name = entryName.replace(/^\/+/, '');
  const clean = prefix.replace(/^\/+/, '').replace(/\/+$/, '');
  let mapped: string;
  if (name === clean) mapped = '';
  else if (clean === '' || clean === '.') mapped = name;
  else if (name.startsWith(`${clean}/`)) mapped = name.slice(clean.length);
  else return undefined;
  const target = join(dest, mapped);
  return isInside(dest, target) ? target : undefined;
}

/** Extracts `tarStream` under `dest`; `warn` receives kubectl's warnings. */
export async function untar(tarStream: Readable, prefix: string, dest: string, warn: (line: string) => void): Promise<void> {
  const tar = await import('tar-stream');
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const done = (e?: unknown): void => {
      if (e !== undefined) extract.destroy(e instanceof Error ? e : new Error(String(e)));
      else next();
    };
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
  await pipeline(tarStream, extract);
}
