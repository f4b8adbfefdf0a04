/** Flags every `rollout` subcommand shares: the objects by file, selector or recursion. */
import type { FlagSpec } from '../../../framework/spec.js';
import { FILENAME_TO_GET_FLAG, kustomizeFlag, RECURSIVE_FLAG } from '../../../manifests/manifest-flags.js';
import { SELECTOR_FLAG_EQUALITY_HELP } from '../../../resource/selection.js';

/**
 * `-f`, `-l`, `-R` (and `--field-manager` for the writing subcommands, which give its default):
 * overloaded so that only the writing subcommands' flags include `--field-manager`.
 */
export function rolloutFlags(what: string): ReturnType<typeof objectFlags>;
export function rolloutFlags(what: string, fieldManager: string): [...ReturnType<typeof objectFlags>, ReturnType<typeof fieldManagerFlag>];
export function rolloutFlags(what: string, fieldManager?: string): readonly FlagSpec[] {
  void what;
  const flags = objectFlags();
  return fieldManager === undefined ? flags : [...flags, fieldManagerFlag(fieldManager)];
}

function fieldManagerFlag(fieldManager: string) {
  return { name: 'field-manager', type: 'string', default: fieldManager, description: 'Name of the manager used to track field ownership.' } as const satisfies FlagSpec;
}

function objectFlags() {
  return [
    FILENAME_TO_GET_FLAG,
    kustomizeFlag(),
    RECURSIVE_FLAG,
    SELECTOR_FLAG_EQUALITY_HELP,
  ] as const satisfies readonly FlagSpec[];
}
