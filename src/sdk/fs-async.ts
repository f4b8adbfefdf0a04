/**
 * Promise forms of the few `node:fs` calls that every command makes (reading the config, token
 * files and the discovery cache), built from the callback API. Importing `node:fs/promises` loads
 * Node's readline interface, directory and watcher modules as well: about 1.5 ms of start-up that
 * a command reading three small files does not need. Same signatures as `node:fs/promises`.
 */
import { close as closeCb, mkdir as mkdirCb, open as openCb, readFile as readFileCb, rename as renameCb, rm as rmCb, stat as statCb, writeFile as writeFileCb } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { promisify } from 'node:util';

export const readFile = promisify(readFileCb) as unknown as typeof FsPromises.readFile;
export const writeFile = promisify(writeFileCb) as unknown as typeof FsPromises.writeFile;
export const stat = promisify(statCb) as unknown as typeof FsPromises.stat;
export const mkdir = promisify(mkdirCb) as unknown as typeof FsPromises.mkdir;
export const rename = promisify(renameCb) as unknown as typeof FsPromises.rename;
export const rm = promisify(rmCb) as unknown as typeof FsPromises.rm;

/** Opens `path` for reading and closes it again: whether it can be opened, with open(2)'s error. */
export async function openAndClose(path: string): Promise<void> {
  const fd = await promisify(openCb)(path, 'r');
  await promisify(closeCb)(fd);
}
