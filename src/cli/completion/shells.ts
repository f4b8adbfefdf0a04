/**
 * The shells `platformctl completion` supports. Kept apart from the scripts so that the command's
 * spec (imported whenever all specs are listed) does not load the script texts.
 */

/** Supported shells, in the order help lists them. */
export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;

/** A supported shell. */
export type Shell = (typeof SHELLS)[number];

/** Whether `name` is a supported shell. */
export function isShell(name: string): name is Shell {
  return (SHELLS as readonly string[]).includes(name);
}

/** File name of each shell's script under completions/ (zsh's is its autoload function name). */
export function completionFileName(shell: Shell, name: string): string {
  switch (shell) {
    case 'bash':
      return `${name}.bash`;
    case 'zsh':
      return `_${name}`;
    case 'fish':
      return `${name}.fish`;
    case 'powershell':
      return `${name}.ps1`;
  }
}
