/**
 * Field specs: which field of which kinds a transformer touches (`path: spec/selector`,
 * `kind: Service`, `create: true`), and kustomize's rules for merging and ordering lists of them.
 */
import { KustomizeError } from '../errors.js';
import { splitEscaped } from '../model/field-path.js';
import { gvkLess, gvkSelected, type GvkSelector } from '../model/resid.js';

/** One field spec. */
export interface FieldSpec {
  group?: string | undefined;
  version?: string | undefined;
  kind?: string | undefined;
  /** Slash-separated field path; `\/` is a slash inside a key, `name[]` marks a list. */
  path: string;
  /** Create the field when it is missing. */
  create?: boolean | undefined;
}

/** The kind part of a field spec. */
export function fsGvk(fs: FieldSpec): GvkSelector {
  return { group: fs.group ?? '', version: fs.version ?? '', kind: fs.kind ?? '' };
}

function effectivelyEquals(a: FieldSpec, b: FieldSpec): boolean {
  return gvkSelected(fsGvk(a), fsGvk(b)) && a.path === b.path;
}

/** Adds `fs` unless an equivalent spec is there (a different `create` for it is an error). */
export function mergeOne(list: readonly FieldSpec[], fs: FieldSpec): FieldSpec[] {
  const existing = list.find((x) => effectivelyEquals(x, fs));
  if (existing !== undefined) {
    if ((existing.create ?? false) !== (fs.create ?? false)) throw new KustomizeError('conflicting fieldspecs');
    return [...list];
  }
  return [...list, fs];
}

/** Adds every spec of `incoming` with {@link mergeOne}. */
export function mergeAll(list: readonly FieldSpec[], incoming: readonly FieldSpec[]): FieldSpec[] {
  let out = [...list];
  for (const fs of incoming) out = mergeOne(out, fs);
  return out;
}

/** Sorts specs by kind as kustomize's configs are sorted after each merge. */
export function sortFieldSpecs(list: FieldSpec[]): FieldSpec[] {
  return list.sort((a, b) => (gvkLess(fsGvk(a), fsGvk(b)) ? -1 : gvkLess(fsGvk(b), fsGvk(a)) ? 1 : 0));
}

/** kustomize's path splitting: on `/`, except where the slash is escaped as `\/`. */
export function splitFieldPath(path: string): string[] {
  return splitEscaped(path, '/');
}
