import type { KubeObject } from '../../sdk/types/meta.js';
import { formatGroupKind, groupOfApiVersion } from '../table/group-kind.js';
import { PrinterError } from '../errors.js';
import { isListObject } from './lists.js';

/** Options of {@link formatName}. */
export interface NamePrintOptions {
  /** A past-tense verb appended after a space (`configmap/foo created`), as mutating commands print. */
  operation?: string;
}

/**
 * `-o name` for one object: `kind/name` for the core group, `kind.group/name` otherwise
 * (`configmap/foo`, `deployment.apps/web`), with a newline. A list prints one line per item.
 *
 * @throws PrinterError when an object has no kind (`missing kind for resource with name foo`)
 */
export function formatName(object: KubeObject, options: NamePrintOptions = {}): string {
  if (isListObject(object)) return object.items.map((item) => formatName(item, options)).join('');
  const name = object.metadata?.name ?? '';
  const kind = object.kind ?? '';
  if (kind === '') throw new PrinterError(`missing kind for resource with name ${name}`);
  const group = groupOfApiVersion(object.apiVersion);
  const suffix = options.operation ? ` ${options.operation}` : '';
  return `${formatGroupKind({ group, kind })}/${name}${suffix}\n`;
}
