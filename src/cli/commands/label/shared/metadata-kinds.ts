/**
 * The label and annotation rules of `label` and `annotate` (kubectl's `parseLabels`,
 * `parseAnnotations`, `validateNoOverwrites`, `validateNoAnnotationOverwrites` and the result words).
 */
import { ANNOTATIONS } from '../../../../sdk/naming.js';
import { UsageError } from '../../../framework/usage-error.js';
import type { MetadataKind } from './metadata-command.js';

const NAME_PART = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** Why `key` is not a qualified name (`prefix/name`), or undefined when it is one. */
export function qualifiedNameProblem(key: string): string | undefined {
  const slash = key.lastIndexOf('/');
  const name = slash < 0 ? key : key.slice(slash + 1);
  const prefix = slash < 0 ? undefined : key.slice(0, slash);
  if (prefix !== undefined && (prefix === '' || prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix))) {
    return 'prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character';
  }
  if (name === '') return 'name part must be non-empty';
  if (name.length > 63) return 'name part must be no more than 63 characters';
  if (!NAME_PART.test(name)) {
    return "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
  }
  return undefined;
}

/** kubectl's `ParsePairs`: `KEY=VALUE` and `KEY-`, anything else invalid. */
function parsePairs(pairs: readonly string[], noun: string): { set: Map<string, string>; remove: string[] } {
  const set = new Map<string, string>();
  const remove: string[] = [];
  const invalid: string[] = [];
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq > 0) set.set(pair.slice(0, eq), pair.slice(eq + 1));
    else if (pair.endsWith('-') && pair !== '-') remove.push(pair.slice(0, -1));
    else invalid.push(pair);
  }
  if (invalid.length > 0) throw new UsageError(`invalid ${noun} format: ${invalid.join(', ')}`, false);
  for (const key of remove) {
    if (set.has(key)) throw new UsageError(`can not both modify and remove ${noun === 'label' ? 'a label' : 'an annotation'} in the same command`, false);
  }
  return { set, remove };
}

/** `label`. */
export const LABELS: MetadataKind = {
  noun: 'label',
  field: 'labels',
  parse(pairs) {
    const parsed = parsePairs(pairs, 'label');
    for (const [key, value] of parsed.set) {
      const problem = qualifiedNameProblem(key);
      if (problem !== undefined) throw new UsageError(`invalid label spec: ${key}=${value}, ${problem}`, false);
      if (value.length > 63 || !LABEL_VALUE.test(value)) {
        throw new UsageError(`invalid label value: "${key}=${value}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`, false);
      }
    }
    return parsed;
  },
  overwriteError(current, set) {
    const problems = [...set].filter(([k, v]) => Object.hasOwn(current, k) && current[k] !== v).map(([k]) => `'${k}' already has a value (${current[k] ?? ''}), and --overwrite is false`);
    return problems.length === 0 ? undefined : problems.join(', ');
  },
  operation(before, after, overwrite) {
    if (before === after) return 'not labeled';
    return !overwrite && after.length < before.length ? 'unlabeled' : 'labeled';
  },
  reportMissing: true,
};

/** `annotate`. */
export const ANNOTATIONS_KIND: MetadataKind = {
  noun: 'annotation',
  field: 'annotations',
  parse(pairs) {
    return parsePairs(pairs, 'annotation');
  },
  overwriteError(current, set) {
    const problems = [...set].filter(([k, v]) => k !== ANNOTATIONS.changeCause && Object.hasOwn(current, k) && current[k] !== v).map(([k]) => `'${k}' already has a value (${current[k] ?? ''})`);
    return problems.length === 0 ? undefined : `--overwrite is false but found the following declared annotation(s): ${problems.join('; ')}`;
  },
  operation() {
    return 'annotated';
  },
  reportMissing: false,
};
