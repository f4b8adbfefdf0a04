/**
 * File-system error texts in the form kubectl prints them (`open /x: no such file or directory`),
 * so that config errors read the same as kubectl's.
 */
import { TooLargeError } from '../errors.js';

const ERRNO_TEXT: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory',
  ENOTDIR: 'not a directory',
  EEXIST: 'file exists',
  ELOOP: 'too many levels of symbolic links',
  ENAMETOOLONG: 'file name too long',
  ENOSPC: 'no space left on device',
  EROFS: 'read-only file system',
  EMFILE: 'too many open files',
  EBUSY: 'device or resource busy',
  EXDEV: 'invalid cross-device link',
};

/** The errno code of a Node file-system error, if it is one. */
export function errnoCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = (err as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** True when `err` says the file does not exist. */
export function isNotFound(err: unknown): boolean {
  return errnoCode(err) === 'ENOENT' || errnoCode(err) === 'ENOTDIR';
}

/**
 * `<op> <path>: <reason>` as Go's `*PathError` prints it. A file past its size limit failed while
 * being read, whatever `op` the caller expected: `read <path>: more than 4 MiB (the limit for ...)`.
 */
export function goPathError(op: string, path: string, err: unknown): string {
  if (err instanceof TooLargeError) return `read ${path}: ${err.message}`;
  const code = errnoCode(err);
  const reason = code === undefined ? (err instanceof Error ? err.message : String(err)) : (ERRNO_TEXT[code] ?? code.toLowerCase());
  return `${op} ${path}: ${reason}`;
}
