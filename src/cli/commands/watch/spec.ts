/**
 * `platformctl watch`: streams the changes of a resource type (or one object) as events, resuming
 * across dropped connections, server timeouts and expired history.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { outputFlags } from '../../output/flags.js';
import { ALL_NAMESPACES_FLAG, FIELD_SELECTOR_FLAG, SELECTOR_FLAG } from '../../resource/selection.js';

/** Hidden: the server-side duration of each watch request (tests make it short). */
export const WATCH_TIMEOUT_FLAG = {
  name: 'watch-request-seconds', type: 'int', default: 0, hidden: true,
  description: 'Server-side duration of each watch request in seconds (0: the server default); the watch resumes after each.',
} as const;

/** `platformctl watch`. */
export const spec = defineCommand({
  name: 'watch',
  usage: 'TYPE[.VERSION][.GROUP] [NAME] [-l label] [flags]',
  summary: 'Stream the changes of resources as events',
  description: [
    'Stream the changes of resources as events.',
    '',
    ' Prints the current objects as ADDED events (unless --watch-only), then every change: ADDED, MODIFIED and DELETED, as a table with an EVENT column, or with -o json one {"type","object"} document per line, -o yaml one document per event, -o name, custom columns or JSONPath over {type, object}.',
    '',
    ' The watch does not end on its own: it resumes from the last resource version after a dropped connection or a server timeout, and when the server no longer has that history it lists again and prints only what changed (DELETED for objects removed meanwhile), never an object twice. It ends with an error only when it cannot continue, and with exit code 0 on Ctrl-C or when --request-timeout elapses.',
  ].join('\n'),
  group: 'Basic Commands (Intermediate)',
  examples: [
    { description: 'Watch the config maps of the current namespace', command: `${BINARY_NAME} watch configmaps`, notRunnable: 'runs until interrupted' },
    { description: 'Watch one deployment as JSON lines', command: `${BINARY_NAME} watch deployment web -o json`, notRunnable: 'runs until interrupted' },
    { description: 'Watch labelled config maps in every namespace for ten seconds, changes only', command: `${BINARY_NAME} watch configmaps -A -l app=web --watch-only --request-timeout=10s` },
  ],
  flags: [
    ALL_NAMESPACES_FLAG,
    FIELD_SELECTOR_FLAG,
    ...outputFlags.filter((f) => f.name !== 'sort-by'),
    SELECTOR_FLAG,
    { name: 'watch-only', type: 'bool', default: false, description: 'Print only changes, not the current objects.' },
    { ...WATCH_TIMEOUT_FLAG, default: 0 },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
