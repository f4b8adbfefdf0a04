/**
 * pflag's `Int32Var`: the framework parses integers; this adds the int32 range check and pflag's
 * message for a value outside it.
 */
import type { FlagReader } from '../../../framework/flag-reader.js';
import { UsageError } from '../../../framework/usage-error.js';

/** The value of an int32 flag (`fallback` when absent). */
export function int32Flag<N extends string>(flags: FlagReader<{ name: N; type: 'int' }>, name: N, fallback: number, short?: string): number {
  const value = flags.int(name) ?? fallback;
  if (value < -2_147_483_648 || value > 2_147_483_647) {
    const label = short === undefined ? `--${name}` : `-${short}, --${name}`;
    throw new UsageError(`invalid argument "${value}" for "${label}" flag: strconv.ParseInt: parsing "${value}": value out of range`);
  }
  return value;
}
