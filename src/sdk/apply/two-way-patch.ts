/**
 * The patch from one version of an object to another (kubectl edit's `CreateTwoWayMergePatch`):
 * a strategic merge patch for built-in kinds, a JSON merge patch for everything else.
 */
import type { KubeObject } from '../types/meta.js';
import { builtinSchema } from '../types/schema/builtin/index.js';
import { splitApiVersion } from './object-ref.js';
import { createMergePatch, createThreeWayStrategicMergePatch, type JsonMap } from './patches.js';

/**
 * The patch that turns `original` into `edited`, and its type; `{}` when they are equal.
 *
 * @throws InputError when a merged list item lacks its merge key (strategic patches)
 */
export function createTwoWayPatch(original: KubeObject, edited: KubeObject): { type: 'strategic' | 'merge'; patch: JsonMap } {
  const { group, version } = splitApiVersion(edited.apiVersion ?? '');
  const schema = builtinSchema(group, version, edited.kind ?? '');
  const from = original as JsonMap;
  const to = edited as JsonMap;
  if (schema === undefined) return { type: 'merge', patch: createMergePatch(from, to) };
  // A three-way patch whose "current" is the original itself: changes and deletions both from it.
  return { type: 'strategic', patch: createThreeWayStrategicMergePatch(from, to, from, schema) };
}
