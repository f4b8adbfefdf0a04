/**
 * The Secret kubectl's secret generators build (`newSecretObj`): type and data, the name with
 * the content hash under `--append-hash`.
 */
import { secretHash } from './name-hash.js';
import { goMap, type Struct, typedObject } from '../../../resource-builders/typed.js';

/** The resource of the Secrets the generators create. */
export const SECRETS = { group: '', version: 'v1', resource: 'secrets', namespaced: true, kind: 'Secret' } as const;

/** What goes into a generated Secret. */
export interface SecretParts {
  name: string;
  namespace: string | undefined;
  type: string;
  data: ReadonlyMap<string, Buffer>;
  appendHash: boolean;
}

/** The Secret in Go field order (data before type; both left out when empty). */
export function secretObject(parts: SecretParts): Struct {
  const name = parts.appendHash ? `${parts.name}-${secretHash(parts.name, parts.type, parts.data)}` : parts.name;
  return typedObject(SECRETS, { name, namespace: parts.namespace }, {
    data: goMap(new Map([...parts.data].map(([k, v]) => [k, v.toString('base64')]))),
    type: parts.type === '' ? undefined : parts.type,
  });
}
