/**
 * How `local start` hands the flags it was given on to the background server process it starts:
 * each as `--name=value`, a list as its comma-joined text (as it was given), the path of a file
 * made absolute (the server does not run in the caller's directory).
 */
import { isAbsolute, resolve } from 'node:path';
import type { FlagReader } from '../../../framework/flag-reader.js';
import type { FlagSpec } from '../../../framework/spec.js';

/** `path`, against `cwd` when it is relative. */
export function absolute(path: string, cwd: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/** The flags of `specs` given on the command line, as arguments for the background server. */
export function forwardedArgs(flags: Pick<FlagReader<never>, 'optional' | 'optionalChanged'>, specs: readonly FlagSpec[], cwd: string): string[] {
  const args: string[] = [];
  for (const f of specs) {
    if (!flags.optionalChanged(f)) continue;
    const given = flags.optional(f);
    let value = Array.isArray(given) ? given.join(',') : String(given ?? '');
    if (f.complete?.kind === 'file' && value !== '') value = absolute(value, cwd);
    args.push(`--${f.name}=${value}`);
  }
  return args;
}
