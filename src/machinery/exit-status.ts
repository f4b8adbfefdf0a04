/**
 * A child process's exit status as a shell reports it (what `$?` would say): its exit code, or 128
 * plus the number of the signal that ended it. Node reports one or the other.
 */
import { constants } from 'node:os';

/** The status of a child that exited with `code` or was ended by `signal`. */
export function exitStatus(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  if (signal === null) return 1;
  return 128 + ((constants.signals as Record<string, number | undefined>)[signal] ?? 0);
}
