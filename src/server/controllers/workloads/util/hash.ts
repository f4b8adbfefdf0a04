/**
 * Template hashes as the workload controllers name them: FNV-32a over the template (and the
 * collision count as 8 little-endian bytes), the decimal sum rendered with apimachinery's
 * safe-encoding alphabet (no vowels, no look-alike digits). Go hashes a spew dump of its struct;
 * we hash the template's canonical JSON (keys sorted), which is as stable and as sensitive.
 */
import type { JsonValue } from '../../../../sdk/types/meta.js';
import { writeJson } from '../../../../machinery/json-numbers.js';

const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** `rand.SafeEncodeString`: each byte mapped onto the safe alphabet. */
export function safeEncode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += SAFE_ALPHABET[s.charCodeAt(i) % SAFE_ALPHABET.length] ?? '';
  return out;
}

/** FNV-32a of bytes, continuing from `seed`. */
export function fnv32a(bytes: Uint8Array, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (const b of bytes) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** JSON with object keys sorted at every depth. */
export function canonicalJson(v: JsonValue | undefined): string {
  if (v === undefined) return 'null';
  if (v === null || typeof v !== 'object') return writeJson(v);
  if (Array.isArray(v)) return `[${v.map((x) => canonicalJson(x)).join(',')}]`;
  const keys = Object.keys(v).filter((k) => v[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`).join(',')}}`;
}

/** `controller.ComputeHash`: the hash of a template with an optional collision count. */
export function computeHash(template: JsonValue | undefined, collisionCount?: number): string {
  let h = fnv32a(new TextEncoder().encode(canonicalJson(template)));
  if (collisionCount !== undefined) {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setUint32(0, collisionCount >>> 0, true);
    h = fnv32a(bytes, h);
  }
  return safeEncode(String(h));
}
