/**
 * Where the resident helper listens and whether it is wanted. The helper is opt-in: `PLATFORM_HELPER`
 * set to `1`/`on`/`true` keeps one for ten minutes after the last command, a Go duration (`30s`,
 * `2h`) for that long; unset, empty, `0`, `off` or `false` runs every command in its own process,
 * as kubectl does.
 *
 * The socket is `~/.platform/helper/<build>-<node version>[-<hash of NODE_EXTRA_CA_CERTS>].sock`:
 * a new install or another Node line never reaches a helper of the old one (which ends when idle).
 * The directory is made 0700 and used only while it is this user's, a real directory and closed to
 * everyone else, so that no other user can connect or put a socket in its place.
 */
import { lstatSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseGoDuration } from '../../../machinery/go-duration.js';
import { HOME_DIR_NAME } from '../../../sdk/naming.js';

/** How long a helper waits for the next command when `PLATFORM_HELPER` is just on. */
export const DEFAULT_HELPER_IDLE_MS = 10 * 60 * 1000;
/** Unix socket paths are limited to 104-108 bytes; a longer one means no helper. */
const MAX_SOCKET_PATH = 100;

/** The helper's idle time that `PLATFORM_HELPER`'s value asks for, undefined when it is off; `invalid` for a value that is neither. */
export function helperIdleMs(value: string | undefined): number | undefined | 'invalid' {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (v === '' || v === '0' || v === 'off' || v === 'false') return undefined;
  if (v === '1' || v === 'on' || v === 'true') return DEFAULT_HELPER_IDLE_MS;
  const ms = parseGoDuration(v);
  if (ms === undefined || ms < 0) return 'invalid';
  return ms === 0 ? undefined : ms;
}

/** The helper directory under `home`. */
export function helperDir(home: string): string {
  return join(home, HOME_DIR_NAME, 'helper');
}

/** FNV-1a of a text, as 8 hex digits: a short name for a value, not a secret. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/**
 * The socket of the helper of this build under this Node, when its path is short enough. Node reads
 * `NODE_EXTRA_CA_CERTS` once, as it starts, so a helper serves only the value it started with: each
 * value (`extraCa`) has its own helper.
 */
export function helperSocket(home: string, build: string, nodeVersion: string, extraCa: string | undefined): string | undefined {
  const ca = extraCa === undefined || extraCa === '' ? '' : `-${shortHash(extraCa)}`;
  const path = join(helperDir(home), `${build}-${nodeVersion.replace(/[^0-9a-z.]/gi, '_')}${ca}.sock`);
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH ? path : undefined;
}

/** Whether `dir` is a directory (not a link) of this user that nobody else may enter. */
export function isPrivateDir(dir: string): boolean {
  try {
    const st = lstatSync(dir);
    const uid = process.getuid?.();
    return st.isDirectory() && (uid === undefined || st.uid === uid) && (st.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** Makes the helper directory (0700) when missing; whether it is usable. */
export function ensurePrivateDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch {
    return false;
  }
  return isPrivateDir(dir);
}
