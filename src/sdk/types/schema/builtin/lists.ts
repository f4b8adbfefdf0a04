/** The list types of the built-in kinds (`ConfigMapList` ...): list metadata and the items. */
import type { SchemaGVK, StructSchema } from '../../../../machinery/schema/type-schema.js';
import { atomicList, kind } from './build.js';
import { LIST_META } from './meta.js';

/** The kind's name as plural words of prose (`Service` → `services`, `NetworkPolicy` → `networkpolicies`). */
function pluralWords(type: string): string {
  const lower = type.toLowerCase();
  if (/(ss|us|sh|ch|x)$/.test(lower)) return `${lower}es`;
  if (lower.endsWith('s')) return lower;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

/** The list type of a kind: `metadata` (ListMeta, field 1) and `items` (field 2), as every list type of the API. */
export function listKind(item: StructSchema): StructSchema {
  const parts = (item.name ?? '').split('.');
  const type = parts.pop() ?? 'Object';
  const pkg = parts.slice(2).join('.');
  const kinds: SchemaGVK[] = (item.kinds ?? []).map((k) => ({ ...k, kind: `${k.kind}List` }));
  return kind(pkg, `${type}List`, kinds, `A list of ${type} objects.`, {
    metadata: [1, LIST_META, 'List metadata: the resource version the list was read at and, for a chunked list, the token of the next chunk.'],
    items: [2, atomicList(item), `List of ${pluralWords(type)}: the ${type} objects.`, 're'],
  });
}
