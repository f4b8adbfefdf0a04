/**
 * A tar stream of a local file or directory for `cp` into a container: entries named as kubectl
 * names them (the destination's base name, then relative paths), symbolic links kept as links.
 */
import { createReadStream } from 'node:fs';
import { lstat, readdir, readlink } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Readable } from 'node:stream';

/** Packs `src` as entries under `destBase`; the returned stream ends after the last entry. */
export async function packTar(src: string, destBase: string): Promise<Readable> {
  const tar = await import('tar-stream');
  const pack = tar.pack();
  const add = async (path: string, name: string): Promise<void> => {
    const st = await lstat(path);
    const common = { name, mode: st.mode & 0o7777, mtime: st.mtime, uid: st.uid, gid: st.gid };
    if (st.isSymbolicLink()) {
      const linkname = await readlink(path);
      await new Promise<void>((r, j) => pack.entry({ ...common, type: 'symlink', linkname }, (e) => (e ? j(e) : r())));
      return;
    }
    if (st.isDirectory()) {
      await new Promise<void>((r, j) => pack.entry({ ...common, type: 'directory' }, (e) => (e ? j(e) : r())));
      for (const child of (await readdir(path)).sort()) await add(join(path, child), posix.join(name, child));
      return;
    }
    if (!st.isFile()) return;
    await new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ ...common, type: 'file', size: st.size }, (e) => (e ? reject(e) : resolve()));
      createReadStream(path).on('error', reject).pipe(entry);
    });
  };
  void (async () => {
    try {
      await add(src, destBase);
      pack.finalize();
    } catch (e) {
      pack.destroy(e instanceof Error ? e : new Error(String(e)));
    }
  })();
  return pack as unknown as Readable;
}
