/**
 * Whether an exec plugin runs interactively (gets the user's stdin), from its `interactiveMode`
 * and the terminal facts, with client-go's rules and messages.
 */
import type { ExecConfig } from '../../config/client-config.js';
import { EXEC_API_GROUP } from '../../naming.js';
import { ExecPluginError } from '../../errors.js';
import type { ExecIO } from '../credentials.js';

/** The interactive mode in effect: v1 requires one, v1beta1 defaults to `IfAvailable`. */
export function effectiveInteractiveMode(exec: ExecConfig, userName: string | undefined): NonNullable<ExecConfig['interactiveMode']> {
  if (exec.interactiveMode !== undefined) return exec.interactiveMode;
  if (exec.apiVersion === `${EXEC_API_GROUP}/v1`) {
    const who = userName === undefined || userName === '' ? 'this user' : userName;
    throw new ExecPluginError(`interactiveMode must be specified for ${who} to use exec authentication plugin`);
  }
  return 'IfAvailable';
}

/** Decides whether to run the plugin interactively; throws when `Always` cannot be honoured. */
export function decideInteractive(mode: string, io: ExecIO): boolean {
  const isTTY = io.stdinIsTTY === true;
  const inUse = io.stdinInUse === true;
  switch (mode) {
    case 'Never':
      return false;
    case 'IfAvailable':
      return isTTY && !inUse;
    case 'Always':
      if (!isTTY) throw new ExecPluginError('exec plugin cannot support interactive mode: standard input is not a terminal');
      if (inUse) {
        const suffix = io.stdinInUseMessage === undefined || io.stdinInUseMessage === '' ? '' : `: ${io.stdinInUseMessage}`;
        throw new ExecPluginError(`exec plugin cannot support interactive mode: standard input is unavailable${suffix}`);
      }
      return true;
    default:
      throw new ExecPluginError(`exec plugin cannot support interactive mode: unknown interactiveMode: ${JSON.stringify(mode)}`);
  }
}
