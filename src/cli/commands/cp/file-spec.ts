/** `[namespace/]pod:path` arguments of `cp` (kubectl's extractFileSpec). */
import { UsageError } from '../../framework/usage-error.js';

/** A local path, or a path in a pod. */
export interface FileSpec {
  namespace?: string;
  pod?: string;
  path: string;
}

/** Parses one argument. */
export function parseFileSpec(arg: string): FileSpec {
  const i = arg.indexOf(':');
  if (i < 0) return { path: arg };
  const podPart = arg.slice(0, i);
  const path = arg.slice(i + 1);
  // `C:\...` style and paths with a colon after a slash are local files.
  if (podPart.includes('/') && podPart.split('/').length > 2) return { path: arg };
  const parts = podPart.split('/');
  if (parts.length === 2) {
    if (parts[0] === '' || parts[1] === '') throw new UsageError('Filepath can not be empty', false);
    return { namespace: parts[0] ?? '', pod: parts[1] ?? '', path };
  }
  if (podPart === '') throw new UsageError('Filepath can not be empty', false);
  return { pod: podPart, path };
}
