/**
 * kustomize, written for this project: `buildKustomization(dir)` turns a kustomization directory
 * into the objects `kubectl kustomize` prints, stage by stage as kustomize does it
 * (load → generate → transform → fix references → emit).
 *
 * @packageDocumentation
 */
export { buildKustomization } from './build.js';
export type { KustomizeOptions, KustomizeResult } from './build.js';
export { KustomizeError } from './errors.js';
export { DEFAULT_KUSTOMIZE_LIMITS } from './load/loader.js';
export type { BuildLimits, LoadRestrictor } from './load/loader.js';
