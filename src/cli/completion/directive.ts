/**
 * The completion protocol shared by `__complete` and the shell scripts: cobra's ShellCompDirective
 * bits, printed as the last line of `__complete`'s output (`:4`). The scripts test the bits, so the
 * values must stay exactly cobra's: users of cobra-based tools know them, and the scripts would
 * misbehave on any other numbering.
 */

/** Bits of the directive that ends every `__complete` answer. */
export const Directive = {
  /** No bit set: complete the candidates, and fall back to file names when there are none. */
  Default: 0,
  /** An error occurred; the shell completes nothing. */
  Error: 1,
  /** Do not add a space after the completion (e.g. after `TYPE/`). */
  NoSpace: 2,
  /** Do not fall back to file names when there are no candidates. */
  NoFileComp: 4,
  /** The candidates are file extensions: complete file names with those extensions (and directories). */
  FilterFileExt: 8,
  /** Complete directory names only; a single candidate names the directory to look in. */
  FilterDirs: 16,
  /** Keep the candidates in the given order instead of letting the shell sort them. */
  KeepOrder: 32,
} as const;

const NAMES: readonly [number, string][] = [
  [Directive.Error, 'ShellCompDirectiveError'],
  [Directive.NoSpace, 'ShellCompDirectiveNoSpace'],
  [Directive.NoFileComp, 'ShellCompDirectiveNoFileComp'],
  [Directive.FilterFileExt, 'ShellCompDirectiveFilterFileExt'],
  [Directive.FilterDirs, 'ShellCompDirectiveFilterDirs'],
  [Directive.KeepOrder, 'ShellCompDirectiveKeepOrder'],
];

/** The directive's bit names, as cobra prints them on stderr (`ShellCompDirectiveNoFileComp, ...`). */
export function directiveName(directive: number): string {
  if (directive === Directive.Default) return 'ShellCompDirectiveDefault';
  const names = NAMES.filter(([bit]) => (directive & bit) !== 0).map(([, name]) => name);
  return names.length > 0 ? names.join(', ') : `ShellCompDirective(${directive})`;
}
