/**
 * `--append-hash`: kubectl's hash of a generated ConfigMap or Secret (the Go JSON of its kind,
 * name, data and, for a Secret, type), ten hex digits with the vowel-like ones replaced, appended
 * to the name. kustomize's generators use the same encoding of the digest.
 */
import { goJsonCompact } from '../../../../sdk/apply/go-json.js';
import { hashString } from '../../../../sdk/kustomize/generate/hash.js';

/** kubectl's `ConfigMapHash`: `binaryData` counts only when there is some. */
export function configMapHash(name: string, data: ReadonlyMap<string, string>, binaryData: ReadonlyMap<string, Buffer>): string {
  const encoded: Record<string, unknown> = { kind: 'ConfigMap', name, data: Object.fromEntries(data) };
  if (binaryData.size > 0) encoded.binaryData = Object.fromEntries([...binaryData].map(([k, v]) => [k, v.toString('base64')]));
  return hashString(goJsonCompact(encoded));
}

/** kubectl's `SecretHash`: kind, type, name and the data (base64, as Go encodes bytes). */
export function secretHash(name: string, type: string, data: ReadonlyMap<string, Buffer>): string {
  const encoded = { kind: 'Secret', type, name, data: Object.fromEntries([...data].map(([k, v]) => [k, v.toString('base64')])) };
  return hashString(goJsonCompact(encoded));
}
