/**
 * Limits on the shape of decoded request data, checked without recursion: nesting depth (every
 * later stage of the server walks objects recursively, so a body deeper than the stack would crash
 * it) and, for YAML, alias expansion (a few hundred bytes of nested anchors expand to gigabytes
 * once anything copies or serializes the document).
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
 * go-yaml v2's alias rule, which the API server's YAML decoder applies: once more than 100 of the
 * nodes decoded come from alias expansion (and more than 1,000 in all), their share may be at most
 * 99% for documents of up to 400,000 nodes, falling to 10% at 4,000,000.
 */
const ALIAS_RATIO_LOW = 400_000;
const ALIAS_RATIO_HIGH = 4_000_000;

function allowedAliasRatio(decoded: number): number {
  if (decoded <= ALIAS_RATIO_LOW) return 0.99;
  if (decoded >= ALIAS_RATIO_HIGH) return 0.1;
  return 0.99 - (0.89 * (decoded - ALIAS_RATIO_LOW)) / (ALIAS_RATIO_HIGH - ALIAS_RATIO_LOW);
}

/**
 * The expanded size (string lengths, 8 bytes per other node) a YAML document may reach through
 * aliases: a few aliases of one large string pass the ratio rule but would serialize to hundreds of
 * megabytes.
 */
export const MAX_EXPANDED_BYTES = 16 * 1024 * 1024;

/** What is wrong with a decoded value's shape (`nonfinite`: a YAML `.inf` or `.nan`, which JSON cannot hold). */
export type ShapeProblem = 'depth' | 'aliasing' | 'nonfinite';

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

/**
 * Checks a value decoded from YAML, whose aliases are shared references: its nesting depth as
 * expanded, go-yaml's alias rule plus {@link MAX_EXPANDED_BYTES}, and numbers JSON cannot hold
 * (which would otherwise be stored as null). Stops at the first problem,
 * so even an alias bomb is walked only a bounded number of steps.
 */
export function yamlShapeProblem(value: unknown, maxDepth: number): ShapeProblem | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const seen = new Set<object>();
  const nodes: unknown[] = [value];
  const depths: number[] = [1];
  const aliased: boolean[] = [false];
  let decoded = 0;
  let fromAliases = 0;
  let bytes = 0;
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop() ?? 1;
    let inAlias = aliased.pop() ?? false;
    decoded++;
    bytes += typeof node === 'string' ? node.length : 8;
    if (typeof node === 'number' && !Number.isFinite(node)) return 'nonfinite';
    if (typeof node === 'object' && node !== null) {
      if (depth > maxDepth) return 'depth';
      if (seen.has(node)) inAlias = true;
      else seen.add(node);
      const children: readonly unknown[] = Array.isArray(node) ? node : Object.values(node);
      if (!Array.isArray(node)) decoded += children.length; // the keys
      for (const child of children) {
        nodes.push(child);
        depths.push(depth + 1);
        aliased.push(inAlias);
      }
    }
    if (inAlias) fromAliases++;
    if (bytes > MAX_EXPANDED_BYTES) return 'aliasing';
    if (fromAliases > 100 && decoded > 1000 && fromAliases / decoded > allowedAliasRatio(decoded)) return 'aliasing';
  }
  return undefined;
}
