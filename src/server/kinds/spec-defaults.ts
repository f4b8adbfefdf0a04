/**
 * The `defaults` hook of a kind whose defaults are its spec's: a spec that is missing is made empty
 * first, as decoding into the Go struct gives the kind a zero spec, so that its defaults apply (and
 * a workload's selector and template are then reported required rather than skipped).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { childOf } from '../util/json.js';

/** The hook that runs `defaultSpec` on the object's spec, created empty when missing. */
export function specDefaults<T extends JsonObject & { spec?: object }>(defaultSpec: (spec: NonNullable<T['spec']>) => void): (obj: T) => void {
  return (obj) => {
    childOf(obj, 'spec');
    const spec = obj.spec;
    if (spec) defaultSpec(spec);
  };
}
