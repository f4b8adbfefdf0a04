/**
 * The random suffix of generated debug names (`debugger-x7k2q`, `node-debugger-NODE-x7k2q`):
 * apimachinery's `rand.String` alphabet, which leaves out vowels and look-alike characters so that
 * no word forms by chance.
 */
import { randomInt } from 'node:crypto';

const ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** `length` random characters of the suffix alphabet. */
export function randomSuffix(length = 5): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET.charAt(randomInt(ALPHABET.length));
  return out;
}
