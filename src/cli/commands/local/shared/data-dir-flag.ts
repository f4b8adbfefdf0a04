/**
 * `--data-dir` of `local stop`, `local status` and `local repair` (`local start` says more: it
 * also writes the CA and token there). Apart from `data-dir.ts`, which reads the directory, so
 * that the specs stay cheap to import.
 */
import { HOME_DIR_NAME, LOCAL_DIR_NAME } from '../../../../sdk/naming.js';
import type { FlagSpec } from '../../../framework/spec.js';

/** `--data-dir`. */
export const DATA_DIR_FLAG = { name: 'data-dir', type: 'string', default: '', description: `Directory of the server's state (default ~/${HOME_DIR_NAME}/${LOCAL_DIR_NAME}).`, complete: { kind: 'dir' } } as const satisfies FlagSpec;
