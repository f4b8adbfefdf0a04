/** `replacements:` (kustomize's ReplacementTransformer). */
import { KustomizeError } from '../errors.js';
import type { ResMap } from '../model/resmap.js';

/** Copies fields from source resources into target fields. */
export function transformReplacements(_resources: ResMap, _replacements: readonly unknown[]): void {
  throw new KustomizeError('replacements are not supported yet');
}
