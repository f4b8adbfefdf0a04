/**
 * component-base's `MapStringString` flag (`--aggregation-rule=k1=v1,k2=v2`, repeatable): pairs
 * split on commas, keys and values trimmed, a later key replacing an earlier one.
 */
import type { FlagReader } from '../../../framework/flag-reader.js';
import { UsageError } from '../../../framework/usage-error.js';
import { commaPairs } from '../../../../machinery/comma-pairs.js';

/** The pairs of a map flag, with pflag's message for a malformed one. */
export function parseMapStringString<N extends string>(flags: FlagReader<{ name: N; type: 'stringArray' }>, name: N): Map<string, string> {
  const out = new Map<string, string>();
  for (const value of flags.strings(name)) {
    for (const pair of commaPairs(value)) {
      if (pair.value === undefined) throw new UsageError(`invalid argument ${JSON.stringify(value)} for "--${name}" flag: malformed pair, expect string=string`);
      out.set(pair.key, pair.value);
    }
  }
  return out;
}
