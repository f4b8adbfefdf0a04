/**
 * The keys of one bucket in lexicographic order, for range scans (prefix, startAfter, paging).
 * Inserts and removals are collected and merged lazily on the next read, so a burst of writes in
 * random key order costs one sort at the next list instead of an array splice per write.
 */
export class SortedKeys {
  private sorted: string[] = [];
  private readonly adds = new Set<string>();
  private readonly removes = new Set<string>();

  /** Adds a key that is not present. */
  add(key: string): void {
    if (this.removes.delete(key)) return;
    const last = this.sorted[this.sorted.length - 1];
    // The common case of keys created in increasing order needs no merge at all.
    if (this.adds.size === 0 && this.removes.size === 0 && (last === undefined || key > last)) {
      this.sorted.push(key);
      return;
    }
    this.adds.add(key);
  }

  /** Removes a key that is present. */
  remove(key: string): void {
    if (this.adds.delete(key)) return;
    this.removes.add(key);
  }

  /** Number of keys. */
  get size(): number {
    return this.sorted.length + this.adds.size - this.removes.size;
  }

  /** All keys in order. The array is shared: do not modify it. It stays valid until the next add/remove. */
  view(): readonly string[] {
    if (this.removes.size > 0) {
      const removes = this.removes;
      this.sorted = this.sorted.filter((k) => !removes.has(k));
      removes.clear();
    }
    if (this.adds.size > 0) {
      const added = [...this.adds].sort(compareKeys);
      this.adds.clear();
      this.sorted = mergeSorted(this.sorted, added);
    }
    return this.sorted;
  }
}

/** Orders keys the way the store does (UTF-16 code units, like `<`). */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Binary search from `from`: the index of the first key that is not `before` (those that are come first). */
function firstNotBefore(keys: readonly string[], from: number, before: (key: string) => boolean): number {
  let lo = from;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(keys[mid] as string)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first key in `keys` that is `>= key` (or `> key` when `exclusive`). */
export function lowerBound(keys: readonly string[], key: string, exclusive = false): number {
  return firstNotBefore(keys, 0, (k) => k < key || (exclusive && k === key));
}

/** Index just past the last key in `keys` (from `from` on) that starts with `prefix`. */
export function prefixEnd(keys: readonly string[], prefix: string, from: number): number {
  if (prefix === '') return keys.length;
  // Keys with the prefix are contiguous; every key before them is smaller than the prefix.
  return firstNotBefore(keys, from, (k) => k.startsWith(prefix) || k < prefix);
}

/** The range `[start, end)` of `keys` selected by a prefix and an exclusive lower bound. */
export function keyRange(keys: readonly string[], prefix: string, startAfter: string | undefined): [number, number] {
  const lowFromPrefix = lowerBound(keys, prefix);
  const start = startAfter !== undefined && startAfter >= prefix ? lowerBound(keys, startAfter, true) : lowFromPrefix;
  return [start, prefixEnd(keys, prefix, start)];
}

function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  const out = new Array<string>(a.length + b.length);
  let i = 0;
  let j = 0;
  let o = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as string;
    const y = b[j] as string;
    if (x < y) {
      out[o++] = x;
      i++;
    } else {
      out[o++] = y;
      j++;
    }
  }
  while (i < a.length) out[o++] = a[i++] as string;
  while (j < b.length) out[o++] = b[j++] as string;
  return out;
}
