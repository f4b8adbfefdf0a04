/**
 * The completion scripts by shell. They are constant for a binary name (all knowledge of commands
 * lives in `__complete`), which is what lets the committed completions/ files stay exact copies.
 */
import type { Shell } from '../shells.js';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { powershellScript } from './powershell.js';
import { zshScript } from './zsh.js';

/** The completion script for `shell` and the binary `name`. */
export function completionScript(shell: Shell, name: string): string {
  switch (shell) {
    case 'bash':
      return bashScript(name);
    case 'zsh':
      return zshScript(name);
    case 'fish':
      return fishScript(name);
    case 'powershell':
      return powershellScript(name);
  }
}
