/**
 * The flags `apply` shares with `diff` (which shows what the same apply would change) and with its
 * `set-last-applied` and `view-last-applied` subcommands.
 */
import { BINARY_NAME, FIELD_MANAGER_CLIENT_SIDE_APPLY } from '../../sdk/naming.js';
import type { FlagSpec } from '../framework/spec.js';
import { filenameFlag } from '../manifests/manifest-flags.js';

/** `--server-side`. */
export const SERVER_SIDE_FLAG = { name: 'server-side', type: 'bool', default: false, description: 'If true, apply runs in the server instead of the client.' } as const satisfies FlagSpec;

/** `--force-conflicts` of server-side apply. */
export const FORCE_CONFLICTS_FLAG = { name: 'force-conflicts', type: 'bool', default: false, description: 'If true, server-side apply will force the changes against conflicts.' } as const satisfies FlagSpec;

/** `--field-manager` of apply: the client-side manager, or the binary's name with `--server-side`. */
export const APPLY_FIELD_MANAGER_FLAG = { name: 'field-manager', type: 'string', default: FIELD_MANAGER_CLIENT_SIDE_APPLY, description: `Name of the manager used to track field ownership (default "${BINARY_NAME}" with --server-side).` } as const satisfies FlagSpec;

/** `--prune-allowlist`. */
export const PRUNE_ALLOWLIST_FLAG = { name: 'prune-allowlist', type: 'stringArray', default: [], description: 'Overwrite the default allowlist with <group/version/kind> for --prune' } as const satisfies FlagSpec;

/** `-f` of the files whose last-applied-configuration annotations `set-last-applied` and `view-last-applied` read. */
export const LAST_APPLIED_FILENAME_FLAG = filenameFlag('Filename, directory, or URL to files that contains the last-applied-configuration annotations');
