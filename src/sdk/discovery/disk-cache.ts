/**
 * kubectl's discovery disk cache: `<cacheDir>/discovery/<host_port>/servergroups.json` and one
 * `<group>/<version>/serverresources.json` per group version (`v1/serverresources.json` for core),
 * valid for a TTL (6 hours) measured from each file's modification time. Writes are atomic (temp file
 * + rename) so that concurrent processes never read half a file; write failures are ignored (the
 * cache is an optimisation).
 */
// eslint-disable-next-line no-restricted-imports -- read only after fstat says a regular file of a bounded size
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from '../fs-async.js';
import { dirname, join } from 'node:path';
import type { APIGroupList, APIResourceList } from '../types/discovery.js';
import type { LegacyDiscovery } from './model.js';

/** Default time-to-live of cached discovery (kubectl's). */
export const DISCOVERY_CACHE_TTL_MS = 6 * 60 * 60 * 1000;

// kubectl's `overlyCautiousIllegalFileCharacters`: anything but word characters, `/`, `.`, `(` and `)`.
const ILLEGAL_FILE_CHARS = /[^\w/.()]/g;

/** The cache directory of one server, as kubectl computes it (`https://127.0.0.1:6443` -> `127.0.0.1_6443`). */
export function discoveryCacheDir(cacheDir: string, server: string): string {
  const schemeless = server.replace('https://', '').replace('http://', '');
  return join(cacheDir, 'discovery', schemeless.replace(ILLEGAL_FILE_CHARS, '_'));
}

function groupVersionFile(dir: string, groupVersion: string): string {
  return join(dir, ...groupVersion.split('/'), 'serverresources.json');
}

/** A discovery document of a real server is well under a megabyte; a larger "cache file" is not ours. */
const MAX_CACHE_FILE_BYTES = 64 * 1024 * 1024;

/**
 * A cache file's JSON when it is younger than `ttlMs`. Read synchronously: a command reads the
 * twenty-odd small files of a cache at start-up, with nothing else to do meanwhile, and each
 * asynchronous read is four trips through libuv's thread pool (2.5 ms against under 1 ms). Only a
 * regular file of a bounded size is read (`--cache-dir` may point anywhere).
 */
function readFresh(path: string, ttlMs: number, now: number): unknown {
  const fd = openSync(path, 'r');
  try {
    const info = fstatSync(fd);
    if (now - info.mtimeMs >= ttlMs || !info.isFile() || info.size > MAX_CACHE_FILE_BYTES) return undefined;
    return JSON.parse(readFileSync(fd, 'utf8')) as unknown;
  } finally {
    closeSync(fd);
  }
}

/** Reads a complete, fresh cache, or undefined when anything is missing, stale or unreadable. */
export async function readDiscoveryCache(dir: string, ttlMs: number, now: number): Promise<LegacyDiscovery | undefined> {
  try {
    const groupList = readFresh(join(dir, 'servergroups.json'), ttlMs, now) as APIGroupList | undefined;
    if (groupList === undefined || !Array.isArray(groupList.groups)) return undefined;
    const gvs = groupList.groups.flatMap((g) => g.versions.map((v) => v.groupVersion));
    const lists = gvs.map((gv) => {
      try {
        return readFresh(groupVersionFile(dir, gv), ttlMs, now);
      } catch {
        return undefined;
      }
    });
    const resourceLists: APIResourceList[] = [];
    for (const list of lists) {
      if (list === undefined) return undefined;
      resourceLists.push(list as APIResourceList);
    }
    return { groupList, resourceLists, failed: [] };
  } catch {
    return undefined;
  }
}

async function writeAtomic(path: string, data: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o750 });
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, data, { mode: 0o660 });
  await rename(tmp, path);
}

/** Writes the documents into the cache. Group versions that failed are left out (and so refetched). */
export async function writeDiscoveryCache(dir: string, discovery: LegacyDiscovery): Promise<void> {
  try {
    const failed = new Set(discovery.failed.map((f) => f.groupVersion));
    await Promise.all(discovery.resourceLists.map((list) => writeAtomic(groupVersionFile(dir, list.groupVersion), JSON.stringify(list))));
    // Written last: a reader that finds servergroups.json finds the per-version files too.
    if (failed.size === 0) await writeAtomic(join(dir, 'servergroups.json'), JSON.stringify(discovery.groupList));
  } catch {
    // The cache is an optimisation; a read-only or full disk must not fail the command.
  }
}

/** Removes the cache of one server. */
export async function clearDiscoveryCache(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
