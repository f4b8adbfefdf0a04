/**
 * An object as kubectl holds one it decoded from a file into its Go type: unknown fields dropped
 * and the zero values Go always writes filled in (`creationTimestamp: null`, `strategy: {}`,
 * `resources: {}`, `status: {}`), so that `--local -o yaml` prints what kubectl prints. Kinds
 * without a built-in type are returned as they are.
 */
import type { KubeObject } from '../../../../sdk/types/meta.js';
import { builtinSchema } from '../../../../sdk/types/schema/builtin/index.js';
import { fromPlain, toPlain } from '../../../../machinery/protobuf/convert.js';
import { parseApiVersion } from '../../../../machinery/group-version.js';

/** The object after a round trip through its Go type. */
export function asTyped(object: KubeObject): KubeObject {
  const apiVersion = object.apiVersion ?? '';
  const kind = object.kind ?? '';
  const { group, version } = parseApiVersion(apiVersion);
  const schema = builtinSchema(group, version, kind);
  if (schema === undefined) return object;
  const plain = toPlain(object as Parameters<typeof toPlain>[0], schema);
  const json = plain === undefined ? undefined : fromPlain(plain, schema);
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return object;
  return { apiVersion, kind, ...json } as KubeObject;
}
