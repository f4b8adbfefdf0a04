/**
 * kubectl's `ResourceTypeOrNameArgs`: the resource arguments of get, describe, delete, label,
 * annotate, patch, wait and edit, parsed without contacting the server.
 *
 * - `TYPE` (or `TYPE1,TYPE2`): every object of each type (listed, with the selectors);
 * - `TYPE NAME...` (or `TYPE1,TYPE2 NAME...`): each name of each type;
 * - `TYPE/NAME...`: each pair, in the order given (types may differ).
 */
import { BINARY_NAME } from '../../sdk/naming.js';
import { UsageError } from '../framework/usage-error.js';

/** What the resource arguments ask for. */
export type ResourceArguments =
  /** Types to list (`get configmaps`, `get cm,secrets`, `get all`). */
  | { form: 'types'; types: string[] }
  /** Named objects: `TYPE NAME...` (each name of each type) or `TYPE/NAME...`. */
  | { form: 'names'; pairs: TypeAndName[] };

/** One object named on the command line, its type still as typed. */
export interface TypeAndName {
  type: string;
  name: string;
}

const RESOURCE_NAME_FORM =
  `there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. '${BINARY_NAME} get resource/<resource_name>' instead of '${BINARY_NAME} get resource resource/<resource_name>'`;

function splitTypeName(arg: string): TypeAndName {
  const parts = arg.split('/');
  if (parts.length !== 2) throw new UsageError(`arguments in resource/name form may not have more than one slash`, false);
  const [type = '', name = ''] = parts;
  if (type === '' || name === '') throw new UsageError('arguments in resource/name form must have a single resource and name', false);
  return { type, name };
}

/**
 * Parses the resource arguments. Returns undefined when there are none (the command decides
 * whether that is an error: `get -f` needs none, `get` alone does).
 *
 * @throws UsageError for kubectl's malformed forms (`cm cm/foo`, `a/b/c`, `/foo`, `cm/`)
 */
export function parseResourceArguments(args: readonly string[]): ResourceArguments | undefined {
  if (args.length === 0) return undefined;
  if (args.some((a) => a.includes('/'))) {
    if (!args.every((a) => a.includes('/'))) throw new UsageError(RESOURCE_NAME_FORM, false);
    return { form: 'names', pairs: args.map(splitTypeName) };
  }
  const [first = '', ...names] = args;
  const types = first.split(',').filter((t) => t !== '');
  if (types.length === 0) throw new UsageError(`resource(s) were provided, but no name was specified`, false);
  if (names.length === 0) return { form: 'types', types };
  return { form: 'names', pairs: types.flatMap((type) => names.map((name) => ({ type, name }))) };
}
