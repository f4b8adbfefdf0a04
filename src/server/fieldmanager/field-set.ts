/**
 * A set of field paths stored as a trie (structured-merge-diff's `fieldpath.Set`): at each level,
 * the elements that are members (owned leaves or owned nodes) and the children that hold deeper
 * paths. Sets are built once and then treated as immutable; operations return new sets and share
 * unchanged subtrees. The maps of a level are only allocated when used: sets of large objects have
 * one node per list item.
 */
import type { FieldPath, PathElement } from './path-element.js';
import { comparePathElements } from './path-element.js';

/** A child level of a set: the element leading to it and the set below it. */
export interface Child {
  readonly pe: PathElement;
  readonly set: FieldSet;
}

const NO_MEMBERS: ReadonlyMap<string, PathElement> = new Map();
const NO_CHILDREN: ReadonlyMap<string, Child> = new Map();

/** A set of field paths. */
export class FieldSet {
  private memberMap: Map<string, PathElement> | undefined;
  private childMap: Map<string, Child> | undefined;

  /** Elements at this level that are in the set themselves. */
  get members(): ReadonlyMap<string, PathElement> {
    return this.memberMap ?? NO_MEMBERS;
  }

  /** Elements at this level under which deeper paths are in the set (never empty sets). */
  get children(): ReadonlyMap<string, Child> {
    return this.childMap ?? NO_CHILDREN;
  }

  /** A set holding the given paths. */
  static of(...paths: FieldPath[]): FieldSet {
    const set = new FieldSet();
    for (const path of paths) set.insert(path);
    return set;
  }

  /** A shallow copy of this level (children shared), for building a changed version. */
  copy(): FieldSet {
    const out = new FieldSet();
    if (this.memberMap !== undefined) out.memberMap = new Map(this.memberMap);
    if (this.childMap !== undefined) out.childMap = new Map(this.childMap);
    return out;
  }

  /** True when the set holds no path. */
  isEmpty(): boolean {
    return this.members.size === 0 && this.children.size === 0;
  }

  /** Adds `path` (building only; never on a set that is shared). */
  insert(path: FieldPath, from = 0): void {
    const pe = path[from];
    if (pe === undefined) return;
    if (from === path.length - 1) this.addMember(pe);
    else this.descend(pe).insert(path, from + 1);
  }

  /** Adds `pe` as a member at this level (building only). */
  addMember(pe: PathElement): void {
    (this.memberMap ??= new Map()).set(pe.key, pe);
  }

  /** Attaches `set` under `pe` unless it is empty, merging with what is there (building only). */
  addChild(pe: PathElement, set: FieldSet | undefined): void {
    if (set === undefined || set.isEmpty()) return;
    const existing = this.childMap?.get(pe.key);
    (this.childMap ??= new Map()).set(pe.key, { pe, set: existing === undefined ? set : existing.set.union(set) });
  }

  /** Sets (or, when empty, removes) the child under `pe`, replacing what is there (building only). */
  setChild(pe: PathElement, set: FieldSet): void {
    if (set.isEmpty()) this.childMap?.delete(pe.key);
    else (this.childMap ??= new Map()).set(pe.key, { pe, set });
  }

  /** The child set under `pe`, created when missing (building only). */
  private descend(pe: PathElement): FieldSet {
    const existing = this.childMap?.get(pe.key);
    if (existing !== undefined) return existing.set;
    const set = new FieldSet();
    (this.childMap ??= new Map()).set(pe.key, { pe, set });
    return set;
  }

  /** True when `path` is a member. */
  has(path: FieldPath, from = 0): boolean {
    const pe = path[from];
    if (pe === undefined) return false;
    if (from === path.length - 1) return this.members.has(pe.key);
    return this.children.get(pe.key)?.set.has(path, from + 1) ?? false;
  }

  /** Paths in this set or in `other`. */
  union(other: FieldSet): FieldSet {
    if (other.isEmpty()) return this;
    if (this.isEmpty()) return other;
    const out = this.copy();
    for (const pe of other.members.values()) out.addMember(pe);
    for (const [key, child] of other.children) {
      const mine = out.childMap?.get(key);
      (out.childMap ??= new Map()).set(key, mine === undefined ? child : { pe: child.pe, set: mine.set.union(child.set) });
    }
    return out;
  }

  /** Paths in both sets. */
  intersection(other: FieldSet): FieldSet {
    const out = new FieldSet();
    if (this.isEmpty() || other.isEmpty()) return out;
    const [small, large] = this.members.size <= other.members.size ? [this.members, other.members] : [other.members, this.members];
    for (const [key, pe] of small) if (large.has(key)) out.addMember(pe);
    for (const [key, child] of this.children) {
      const theirs = other.children.get(key);
      if (theirs === undefined) continue;
      out.setChild(child.pe, child.set.intersection(theirs.set));
    }
    return out;
  }

  /**
   * Paths in this set and not in `other`. A member of `other` does not remove this set's paths
   * below it (parent - child = parent, child - parent = child).
   */
  difference(other: FieldSet): FieldSet {
    return this.minus(other, false);
  }

  /** Like {@link difference}, but a member of `other` also removes every path below it. */
  recursiveDifference(other: FieldSet): FieldSet {
    return this.minus(other, true);
  }

  /** The two differences: `recursive` when a member of `other` removes the paths below it too. */
  private minus(other: FieldSet, recursive: boolean): FieldSet {
    if (other.isEmpty() || this.isEmpty()) return this;
    const out = new FieldSet();
    for (const [key, pe] of this.members) if (!other.members.has(key)) out.addMember(pe);
    for (const [key, child] of this.children) {
      if (recursive && other.members.has(key)) continue;
      const theirs = other.children.get(key);
      if (theirs === undefined) out.setChild(child.pe, child.set);
      else out.setChild(child.pe, child.set.minus(theirs.set, recursive));
    }
    return out;
  }

  /** True when both sets hold the same paths. */
  equals(other: FieldSet): boolean {
    if (this.members.size !== other.members.size || this.children.size !== other.children.size) return false;
    for (const key of this.members.keys()) if (!other.members.has(key)) return false;
    for (const [key, child] of this.children) {
      const theirs = other.children.get(key);
      if (theirs === undefined || !child.set.equals(theirs.set)) return false;
    }
    return true;
  }

  /** The members of this level in path-element order. */
  sortedMembers(): PathElement[] {
    return [...this.members.values()].sort(comparePathElements);
  }

  /** The children of this level in path-element order. */
  sortedChildren(): Child[] {
    return [...this.children.values()].sort((a, b) => comparePathElements(a.pe, b.pe));
  }

  /** Every path, members of a level before the paths of its children, each in path-element order. */
  paths(prefix: FieldPath = []): FieldPath[] {
    const out: FieldPath[] = [];
    for (const pe of this.sortedMembers()) out.push([...prefix, pe]);
    for (const child of this.sortedChildren()) out.push(...child.set.paths([...prefix, child.pe]));
    return out;
  }

  /** Number of paths in the set. */
  size(): number {
    let n = this.members.size;
    for (const child of this.children.values()) n += child.set.size();
    return n;
  }
}
