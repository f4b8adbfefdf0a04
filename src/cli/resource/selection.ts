/**
 * The selection flags shared by the commands that act on resources given by type (get, describe,
 * delete, label, annotate, wait ...): `-l`, `--field-selector`, `-A` and `--all`, and the values
 * read back from parsed flags.
 */
import type { FlagReader } from '../framework/flag-reader.js';
import type { FlagSpec } from '../framework/spec.js';

/** How objects are selected besides their names. */
export interface ResourceSelection {
  /** `-l`: a label selector (`''` for none). */
  labelSelector: string;
  /** `--field-selector` (`''` for none). */
  fieldSelector: string;
  /** `-A`: every namespace instead of the command's one. */
  allNamespaces: boolean;
  /** `--all`: every object of the types (a command that has no such flag passes false). */
  all: boolean;
}

/** `-l, --selector`. */
export const SELECTOR_FLAG = { name: 'selector', short: 'l', type: 'string', default: '', description: "Selector (label query) to filter on, supports '=', '==', '!=', 'in', 'notin'.(e.g. -l key1=value1,key2=value2,key3 in (value3)). Matching objects must satisfy all of the specified label constraints." } as const satisfies FlagSpec;

/**
 * `-l, --selector` with the help text kubectl's older commands print (apply, delete, diff, scale,
 * taint, wait, logs, label, rollout, set, top and the node commands): it lists only the equality
 * operators, but the value is a label selector as {@link SELECTOR_FLAG}'s.
 */
export const SELECTOR_FLAG_EQUALITY_HELP = { name: 'selector', short: 'l', type: 'string', default: '', description: "Selector (label query) to filter on, supports '=', '==', and '!='.(e.g. -l key1=value1,key2=value2). Matching objects must satisfy all of the specified label constraints." } as const satisfies FlagSpec;

/** `--field-selector`. */
export const FIELD_SELECTOR_FLAG = { name: 'field-selector', type: 'string', default: '', description: "Selector (field query) to filter on, supports '=', '==', and '!='.(e.g. --field-selector key1=value1,key2=value2). The server only supports a limited number of field queries per type." } as const satisfies FlagSpec;

/** `-A, --all-namespaces`. */
export const ALL_NAMESPACES_FLAG = { name: 'all-namespaces', short: 'A', type: 'bool', default: false, description: 'If present, list the requested object(s) across all namespaces. Namespace in current context is ignored even if specified with --namespace.' } as const satisfies FlagSpec;

/** `-A, --all-namespaces` with the help text kubectl's `label`, `annotate` and `auth can-i` print. */
export const ALL_NAMESPACES_FLAG_CHECK_HELP = { name: 'all-namespaces', short: 'A', type: 'bool', default: false, description: 'If true, check the specified action in all namespaces.' } as const satisfies FlagSpec;

/** `--all`: every object of the types given. */
export const ALL_FLAG = { name: 'all', type: 'bool', default: false, description: 'Select all resources in the namespace of the specified resource types' } as const satisfies FlagSpec;

/** `--all` with the help text of kubectl's `set`, `label` and `annotate` (a comma after "resources"). */
export const ALL_FLAG_COMMA_HELP = { name: 'all', type: 'bool', default: false, description: 'Select all resources, in the namespace of the specified resource types' } as const satisfies FlagSpec;

/** The selection flags every command that reads a selection declares (`--field-selector` and `--all` are optional). */
export type SelectionFlag = typeof SELECTOR_FLAG | typeof ALL_NAMESPACES_FLAG;

/** The selection from parsed flags; `--field-selector` and `--all` read as empty or false where the command lacks them. */
export function selectionFromFlags(flags: FlagReader<SelectionFlag>): ResourceSelection {
  return {
    labelSelector: flags.string('selector') ?? '',
    fieldSelector: flags.optional(FIELD_SELECTOR_FLAG) ?? '',
    allNamespaces: flags.bool('all-namespaces'),
    all: flags.optional(ALL_FLAG) ?? false,
  };
}
