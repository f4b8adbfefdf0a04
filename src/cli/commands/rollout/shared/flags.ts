/** Flags every `rollout` subcommand shares: the objects by file, selector or recursion. */
import type { FlagSpec } from '../../../framework/spec.js';
import { filenameFlag, kustomizeFlag, RECURSIVE_FLAG } from '../../../manifests/manifest-flags.js';

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
    filenameFlag(`Filename, directory, or URL to files identifying the resource to get from a server.`),
    kustomizeFlag(),
    RECURSIVE_FLAG,
    { name: 'selector', short: 'l', type: 'string', default: '', description: "Selector (label query) to filter on, supports '=', '==', and '!='.(e.g. -l key1=value1,key2=value2). Matching objects must satisfy all of the specified label constraints." },
  ] as const satisfies readonly FlagSpec[];
}
