/**
 * Promise forms of the few `node:fs` calls that every command makes (checking files, writing the
 * discovery cache), built from the callback API; whole files are read with `bounded-read.ts`.
 * Importing `node:fs/promises` loads Node's readline interface, directory and watcher modules as
 * well: about 1.5 ms of start-up that a command reading three small files does not need. Same
 * signatures as `node:fs/promises`.
 */
import { close as closeCb, mkdir as mkdirCb, open as openCb, rename as renameCb, rm as rmCb, stat as statCb, writeFile as writeFileCb } from 'node:fs';
import type { mkdir as FsMkdir, rename as FsRename, rm as FsRm, stat as FsStat, writeFile as FsWriteFile } from 'node:fs/promises';
import { promisify } from 'node:util';

export const writeFile = promisify(writeFileCb) as unknown as typeof FsWriteFile;
export const stat = promisify(statCb) as unknown as typeof FsStat;
export const mkdir = promisify(mkdirCb) as unknown as typeof FsMkdir;
export const rename = promisify(renameCb) as unknown as typeof FsRename;
export const rm = promisify(rmCb) as unknown as typeof FsRm;

/** Opens `path` for reading and closes it again: whether it can be opened, with open(2)'s error. */
export async function openAndClose(path: string): Promise<void> {
  const fd = await promisify(openCb)(path, 'r');
  await promisify(closeCb)(fd);
}
