/**
 * The committed completion scripts under completions/, by path relative to the package root.
 */
import { completionScript } from './scripts/index.js';
import { SHELLS, completionFileName } from './shells.js';

/** Every completion script by path (`completions/platformctl.bash`, ...). */
export function completionFiles(name: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const shell of SHELLS) files.set(`completions/${completionFileName(shell, name)}`, completionScript(shell, name));
  return files;
}
