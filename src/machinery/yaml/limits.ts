/**
 * Bounds on what a parsed YAML (or JSON) document may expand to. js-yaml resolves an alias to the
 * very object its anchor named, so a 500-byte "billion laughs" document parses in microseconds into
 * a small graph whose expansion has 10^9 nodes; whatever walks it next (JSON.stringify, a merge, a
 * printer) runs for minutes and dies out of memory. {@link checkExpansion} measures the expansion
 * without performing it: each distinct object is visited once (sizes are memoized by identity, with
 * an explicit stack, so an alias chain cannot overflow the call stack either).
 *
 * The rule for aliases is go-yaml's (what kubectl uses): a document may draw at most 99% of its
 * nodes from alias expansion while small, scaling down to 10% at 4,000,000 nodes. Expanded text
 * (keys and strings) may exceed 64 MiB only as far as the source text itself does, which catches
 * a long string repeated through aliases. Nesting, aliases included, is bounded as well.
 */

/** Nesting depth the client accepts in manifests, configs and templates (aliases expanded). */
export const MAX_NESTING_DEPTH = 1000;

/** Keys and strings an expanded document may hold (a longer source text may hold as much as itself). */
export const MAX_ALIAS_BYTES = 64 * 1024 * 1024;

// go-yaml v2's decode.go: allowedAliasRatio.
const RATIO_LOW = 400_000;
const RATIO_HIGH = 4_000_000;

function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= RATIO_LOW) return 0.99;
  if (decodeCount >= RATIO_HIGH) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - RATIO_LOW) / (RATIO_HIGH - RATIO_LOW));
}

/** Sizes above this are all "too big": keeps the arithmetic finite. */
const CAP = 1e15;

interface Measure {
  /** Nodes of the expanded tree. */
  nodes: number;
  /** Bytes of keys and strings in the expanded tree. */
  bytes: number;
  /** Depth of the expanded tree (a scalar is 0). */
  depth: number;
}

const SCALAR: Measure = { nodes: 1, bytes: 0, depth: 0 };

function scalarMeasure(value: unknown): Measure {
  return typeof value === 'string' ? { nodes: 1, bytes: value.length, depth: 0 } : SCALAR;
}

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

function childrenOf(value: Container): Array<[string | undefined, unknown]> {
  if (Array.isArray(value)) return value.map((v) => [undefined, v]);
  return Object.entries(value);
}

/** What is wrong with an expansion: go-yaml's wording where go-yaml has one. */
export type ExpansionProblem = 'document contains excessive aliasing' | 'anchor value contains itself' | `exceeded max depth of ${number}`;

/**
 * Checks the expansion of a parsed document against the limits above. `sourceLength` is the length
 * of the text it was parsed from; the expanded text may exceed `maxBytes` only as far as it does.
 *
 * @returns the problem, or undefined when the document is within bounds.
 */
export function checkExpansion(root: unknown, sourceLength: number, maxDepth = MAX_NESTING_DEPTH, maxBytes = MAX_ALIAS_BYTES): ExpansionProblem | undefined {
  if (!isContainer(root)) return undefined;
  const done = new Map<object, Measure>();
  const open = new Set<object>();
  // Nodes of the document as written: each distinct container and its direct scalars once.
  let distinct = 0;
  const stack: Array<{ node: Container; children: Array<[string | undefined, unknown]>; next: number; acc: Measure }> = [];
  const enter = (node: Container): void => {
    open.add(node);
    distinct++;
    stack.push({ node, children: childrenOf(node), next: 0, acc: { nodes: 1, bytes: 0, depth: 1 } });
  };
  const add = (acc: Measure, key: string | undefined, child: Measure): void => {
    acc.nodes = Math.min(CAP, acc.nodes + child.nodes);
    acc.bytes = Math.min(CAP, acc.bytes + child.bytes + (key?.length ?? 0));
    acc.depth = Math.max(acc.depth, child.depth + 1);
  };
  enter(root);
  let result: Measure = SCALAR;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    if (frame.next < frame.children.length) {
      const [key, child] = frame.children[frame.next++] as [string | undefined, unknown];
      if (!isContainer(child)) {
        distinct++;
        add(frame.acc, key, scalarMeasure(child));
        continue;
      }
      const known = done.get(child);
      if (known !== undefined) {
        add(frame.acc, key, known);
        continue;
      }
      if (open.has(child)) return 'anchor value contains itself';
      if (stack.length >= maxDepth) return `exceeded max depth of ${maxDepth}`;
      // The key is added when the child is finished.
      frame.next--;
      enter(child);
      continue;
    }
    stack.pop();
    open.delete(frame.node);
    done.set(frame.node, frame.acc);
    if (frame.acc.depth > maxDepth) return `exceeded max depth of ${maxDepth}`;
    const parent = stack[stack.length - 1];
    if (parent === undefined) {
      result = frame.acc;
      break;
    }
    const [key] = parent.children[parent.next] as [string | undefined, unknown];
    parent.next++;
    add(parent.acc, key, frame.acc);
  }
  const aliased = Math.max(0, result.nodes - distinct);
  if (aliased > 100 && result.nodes > 1000 && aliased / result.nodes > allowedAliasRatio(result.nodes)) return 'document contains excessive aliasing';
  if (result.bytes > maxBytes && result.bytes > sourceLength) return 'document contains excessive aliasing';
  return undefined;
}
