/** Port arguments of `port-forward` (`5000`, `8888:5000`, `:5000`, `8443:https`); the SDK resolves their remote side. */
import { UsageError } from '../../framework/usage-error.js';

/** One port argument before resolution; `local` undefined means the same number as the remote port. */
export interface PortArg {
  local: number | undefined;
  remote: string;
}

/** Parses `[LOCAL:]REMOTE` (`5000`, `8888:5000`, `:5000`, `8443:https`). */
export function parsePortArg(text: string): PortArg {
  const parts = text.split(':');
  if (parts.length > 2) throw new UsageError(`invalid port format '${text}'`, false);
  const remote = parts[parts.length - 1] ?? '';
  if (remote === '') throw new UsageError('remote port cannot be empty', false);
  if (parts.length === 1) return { local: /^\d+$/.test(remote) ? Number(remote) : undefined, remote };
  const localText = parts[0] ?? '';
  if (localText === '') return { local: 0, remote };
  const local = Number(localText);
  if (!/^\d+$/.test(localText) || local > 65535) throw new UsageError(`error parsing local port '${localText}': strconv.ParseUint: parsing "${localText}": invalid syntax`, false);
  return { local, remote };
}
