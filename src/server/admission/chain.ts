/**
 * Runs admission plugins in order: every mutating phase first, then every validating phase.
 */
import { noteObjectName } from '../audit/request-scope.js';
import type { AdmissionAttributes, AdmissionPlugin } from './types.js';

/** An ordered set of admission plugins. */
export class AdmissionChain {
  constructor(private readonly plugins: AdmissionPlugin[]) {}

  /** The mutating phase of every plugin, in order. */
  async admit(attrs: AdmissionAttributes): Promise<void> {
    for (const p of this.plugins) if (p.admit !== undefined) await p.admit(attrs);
  }

  /** The validating phase of every plugin, in order. */
  async validate(attrs: AdmissionAttributes): Promise<void> {
    noteObjectName(attrs.record, attrs.name);
    for (const p of this.plugins) if (p.validate !== undefined) await p.validate(attrs);
  }
}
