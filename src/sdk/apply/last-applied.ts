/**
 * The last-applied-configuration annotation of client-side apply: how the manifest is recorded in
 * it (kubectl's `GetModifiedConfiguration`), how it is read back, and the size check that turns
 * the server's late "Too long" rejection into an early, actionable error.
 */
import { InputError } from '../errors.js';
import { ANNOTATIONS } from '../naming.js';
import type { KubeObject } from '../types/meta.js';
import { goJsonCompact } from './go-json.js';
import { isJsonObject as isJsonMap } from '../../machinery/json/values.js';
import type { JsonMap } from './patches.js';

/** The most bytes an object's annotations (keys plus values) may hold, as the API server enforces. */
export const ANNOTATIONS_SIZE_LIMIT = 262_144;

/** An object whose last-applied annotation would exceed {@link ANNOTATIONS_SIZE_LIMIT}. */
export class AnnotationTooLargeError extends InputError {
  static override readonly brand: string = 'AnnotationTooLargeError';
  override name = 'AnnotationTooLargeError';
}

function withAnnotations(object: KubeObject, annotations: Record<string, string>): KubeObject {
  return { ...object, metadata: { ...object.metadata, annotations } };
}

/**
 * The JSON kubectl records as the last-applied configuration of `object`: the object without that
 * annotation (an empty `annotations` map kept), Go-encoded with a final newline.
 */
export function lastAppliedJson(object: KubeObject): string {
  const annotations = { ...object.metadata?.annotations };
  delete annotations[ANNOTATIONS.lastApplied];
  return `${goJsonCompact(withAnnotations(object, annotations))}\n`;
}

/** `object` with its last-applied annotation set to its own configuration (what apply sends). */
export function withLastApplied(object: KubeObject): KubeObject {
  const annotations = { ...object.metadata?.annotations };
  delete annotations[ANNOTATIONS.lastApplied];
  annotations[ANNOTATIONS.lastApplied] = lastAppliedJson(object);
  return withAnnotations(object, annotations);
}

/** The previous configuration recorded on a live object, or undefined when it has none. */
export function readLastApplied(live: KubeObject): JsonMap | undefined {
  const text = live.metadata?.annotations?.[ANNOTATIONS.lastApplied];
  if (text === undefined || text === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isJsonMap(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Bytes of an object's annotations as the server counts them (UTF-8 keys plus values). */
export function annotationsSize(object: KubeObject): number {
  let total = 0;
  for (const [key, value] of Object.entries(object.metadata?.annotations ?? {})) {
    total += Buffer.byteLength(key, 'utf8') + Buffer.byteLength(value, 'utf8');
  }
  return total;
}

/**
 * Throws {@link AnnotationTooLargeError} when `annotated` (an object carrying its last-applied
 * annotation) exceeds the annotation limit; `description` names it (`configmap/big`).
 */
export function checkAnnotationSize(annotated: KubeObject, description: string): void {
  const size = annotationsSize(annotated);
  if (size <= ANNOTATIONS_SIZE_LIMIT) return;
  throw new AnnotationTooLargeError(
    `${description}: metadata.annotations would be ${size} bytes with the ${ANNOTATIONS.lastApplied} annotation, more than the limit of ${ANNOTATIONS_SIZE_LIMIT} bytes; apply it with --server-side, which does not need that annotation`,
  );
}

/**
 * The configuration `apply set-last-applied` and `apply edit-last-applied` record for `object`
 * (kubectl's editor `encodeToJSON`): Go's compact JSON with sorted keys and a final newline, of
 * the object as it is (unlike apply's, no empty `annotations` map is added).
 */
export function recordedConfiguration(object: KubeObject): string {
  return `${goJsonCompact(object)}\n`;
}

/** The JSON merge patch that sets an object's last-applied annotation to `configuration`. */
export function lastAppliedPatch(configuration: string): JsonMap {
  return { metadata: { annotations: { [ANNOTATIONS.lastApplied]: configuration } } };
}

/**
 * Whether a recorded configuration already says what `configuration` says: kubectl compares both
 * as canonical JSON (sorted keys, no whitespace), so a final newline or key order does not count.
 */
export function sameConfiguration(recorded: string | undefined, configuration: string): boolean {
  if (recorded === undefined) return false;
  try {
    return goJsonCompact(JSON.parse(recorded)) === goJsonCompact(JSON.parse(configuration));
  } catch {
    return false;
  }
}
