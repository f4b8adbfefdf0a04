/**
 * Kinds of the `node.platform.io` group (`v1`): RuntimeClass.
 */
import type { Toleration } from './core.js';
import type { ObjectBase } from './meta.js';

/** A container runtime configuration pods select with `runtimeClassName` (cluster-scoped). */
export interface RuntimeClass extends ObjectBase {
  kind?: 'RuntimeClass';
  handler?: string;
  overhead?: { podFixed?: Record<string, string | number> };
  scheduling?: { nodeSelector?: Record<string, string>; tolerations?: Toleration[] };
}
