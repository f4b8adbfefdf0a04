import { CONFIG_ENV } from '../../../sdk/naming.js';

/**
 * The commands the resident helper runs: the everyday ones that print, change objects or read the
 * config and end by themselves. Commands that take over the terminal (`exec -t`, `attach`, `edit`),
 * hold a port or a server (`port-forward`, `proxy`, `local`) or follow a stream for long (`logs`)
 * run in their own process, as without the helper. Every word here is one of the core bundle's
 * (scripts/core-words.json), which is what the helper loads.
 */
export const HELPER_WORDS: readonly string[] = ['get', 'describe', 'apply', 'delete', 'auth', 'config', 'version', 'api-resources', 'api-versions', 'patch', 'scale', 'label', 'annotate', 'events'];

/** The environment variable that turns the helper on (location.ts's `helperIdleMs` reads its value). */
export const HELPER_ENV = 'PLATFORM_HELPER';

/** The hidden first argument that makes a platformctl process the helper (`__helper SOCKET IDLE_MS`). */
export const HELPER_SERVE_WORD = '__helper';

/**
 * Paths that mean "this process's own file": the helper, another process, would open its own (or
 * nothing). `apply -f <(kustomize build)` names `/dev/fd/63`, which only the shell's child has.
 */
const OWN_DESCRIPTOR_PATHS = ['/dev/fd/', '/dev/stdin', '/dev/stdout', '/dev/stderr', '/dev/tty', '/proc/self/', '/proc/thread-self/'];

/** Whether a command line (or the config file the environment names) is a file only this process can open. */
export function namesOwnDescriptors(argv: readonly string[], env: Readonly<Record<string, string>>): boolean {
  const named = (value: string): boolean => OWN_DESCRIPTOR_PATHS.some((p) => value.includes(p));
  return argv.some(named) || named(env[CONFIG_ENV] ?? '');
}

/** Subcommands of the helper's words that open an editor on the terminal. */
const EDITING_SUBCOMMANDS = ['edit-last-applied'];

/**
 * Whether the helper runs this command line: its word is one of {@link HELPER_WORDS}, it opens no
 * editor and it names no file only this process can open.
 */
export function runsInHelper(word: string, argv: readonly string[], env: Readonly<Record<string, string>>): boolean {
  return HELPER_WORDS.includes(word) && !argv.some((a) => EDITING_SUBCOMMANDS.includes(a)) && !namesOwnDescriptors(argv, env);
}
