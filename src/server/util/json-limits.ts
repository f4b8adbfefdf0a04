/**
 * Limits on the shape of decoded request data, checked without recursion: nesting depth (every
 * later stage of the server walks objects recursively, so a body deeper than the stack would crash
 * it) and, for YAML, how far aliases may expand it (the reader, `machinery/yaml/read.ts`, applies
 * the bound: a few hundred bytes of nested anchors expand to gigabytes once anything copies or
 * serializes the document).
 */

/**
 * The deepest nesting of objects and arrays accepted in a request body. The API server's JSON
 * decoder stops at 10,000 levels; every stage here walks objects recursively on a JavaScript stack,
 * so the local server stops far earlier, still well above real objects (a pod template inside a CRD
 * schema is under 100 levels).
 */
export const MAX_BODY_DEPTH = 256;

/**
 * The deepest nesting of a stored object: room for what the server adds to a body (managedFields
 * mirror its structure a few levels down) and for patches, whose paths reach into the object
 * besides their own nesting; any deeper result is refused, so repeated patches cannot build an
 * object that no later request could serialize.
 */
export const MAX_OBJECT_DEPTH = 2 * MAX_BODY_DEPTH;

/**
 * The keys and strings a YAML body may expand to through aliases: a few aliases of one large string
 * pass go-yaml's ratio rule but would serialize to hundreds of megabytes.
 */
export const MAX_EXPANDED_BYTES = 16 * 1024 * 1024;

/** True when objects and arrays nest more than `limit` levels deep in `value` (a tree). */
export function exceedsDepth(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const nodes: object[] = [value];
  const depths: number[] = [1];
  const visit = (child: unknown, depth: number): void => {
    if (typeof child === 'object' && child !== null) {
      nodes.push(child);
      depths.push(depth);
    }
  };
  for (let node = nodes.pop(); node !== undefined; node = nodes.pop()) {
    const depth = depths.pop() ?? 1;
    if (depth > limit) return true;
    if (Array.isArray(node)) {
      for (const child of node) visit(child, depth + 1);
    } else {
      const record = node as Record<string, unknown>;
      for (const key in record) if (Object.hasOwn(record, key)) visit(record[key], depth + 1);
    }
  }
  return false;
}

/**
 * The same for JSON text, scanned without parsing or allocating: the deepest `[`/`{` nesting
 * outside strings. Returns the index of the bracket that opens level `limit + 1`, or -1.
 */
export function jsonTextExceedsDepth(text: string, limit: number): number {
  // A text shorter than twice the limit cannot nest deeper than it (every level opens and closes).
  if (text.length <= 2 * limit) return -1;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return -1;
}

