/**
 * Reading files for a kustomization, as kustomize's file loader does: every kustomization has a
 * root directory (its own, symbolic links resolved); files it names must resolve into that root
 * (`LoadRestrictionsRootOnly`, the default) unless the restriction is lifted; other
 * kustomizations it names are new roots, which may sit anywhere except above a root already being
 * built (that would be a cycle). Remote resources are refused.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { readFileLimited } from '../../bounded-read.js';
import { TooLargeError } from '../../errors.js';
import { KustomizeError } from '../errors.js';
import { remoteNotSupported, isRemoteFileUrl, looksLikeRemoteRepo } from './remote.js';

/** `LoadRestrictionsRootOnly` (default) or `LoadRestrictionsNone`. */
export type LoadRestrictor = 'LoadRestrictionsRootOnly' | 'LoadRestrictionsNone';

/** Bounds every build keeps, whatever its input. */
export interface BuildLimits {
  /** Largest file read, in bytes. */
  maxFileBytes: number;
  /** Deepest chain of kustomizations (resources, components, bases). */
  maxDepth: number;
  /** Most files read in one build. */
  maxFiles: number;
}

/** The bounds of a build unless the caller sets others. */
export const DEFAULT_KUSTOMIZE_LIMITS: BuildLimits = { maxFileBytes: 64 * 1024 * 1024, maxDepth: 100, maxFiles: 100_000 };

/** Counts shared by every loader of one build. */
interface Budget {
  files: number;
}

function isUnder(dir: string, root: string): boolean {
  return root === path.sep || dir === root || dir.startsWith(root + path.sep);
}

function fsMessage(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'ENOENT') return `lstat ${e.path ?? ''}: no such file or directory`;
  if (e.code === 'ENOTDIR') return `lstat ${e.path ?? ''}: not a directory`;
  if (e.code === 'EACCES') return `open ${e.path ?? ''}: permission denied`;
  if (e.code === 'ELOOP') return `lstat ${e.path ?? ''}: too many levels of symbolic links`;
  return e.message;
}

/** The loader of one kustomization root. */
export class FileLoader {
  private constructor(
    /** The root directory, absolute, symbolic links resolved. */
    readonly root: string,
    readonly restrictor: LoadRestrictor,
    readonly referrer: FileLoader | undefined,
    readonly limits: BuildLimits,
    private readonly budget: Budget,
    /** Depth in the chain of kustomizations (0 for the one being built). */
    readonly depth: number,
  ) {}

  /** The loader of the kustomization being built, at `dir`. */
  static async at(dir: string, restrictor: LoadRestrictor = 'LoadRestrictionsRootOnly', limits: BuildLimits = DEFAULT_KUSTOMIZE_LIMITS): Promise<FileLoader> {
    if (looksLikeRemoteRepo(dir)) throw remoteNotSupported(dir);
    const root = await confirmDir(dir, path.resolve(dir));
    return new FileLoader(root, restrictor, undefined, limits, { files: 0 }, 0);
  }

  /** The loader of another kustomization named by this one (`resources`, `components`). */
  async child(target: string): Promise<FileLoader> {
    if (target === '') throw new KustomizeError('new root cannot be empty');
    if (looksLikeRemoteRepo(target)) throw remoteNotSupported(target);
    if (path.isAbsolute(target)) throw new KustomizeError(`new root '${target}' cannot be absolute`);
    const root = await confirmDir(target, path.join(this.root, target));
    for (const visited of this.chain()) {
      if (isUnder(visited, root)) throw new KustomizeError(`cycle detected: candidate root '${root}' contains visited root '${visited}'`);
    }
    if (this.depth + 1 > this.limits.maxDepth) throw new KustomizeError(`kustomizations nested deeper than ${this.limits.maxDepth} levels at '${root}'`);
    return new FileLoader(root, this.restrictor, this, this.limits, this.budget, this.depth + 1);
  }

  /** The roots of this loader and of the kustomizations that led to it, innermost first. */
  private chain(): string[] {
    return [this.root, ...(this.referrer?.chain() ?? [])];
  }

  /** Resolves `file` against the root and applies the load restriction; returns the path to read. */
  async resolve(file: string): Promise<string> {
    if (isRemoteFileUrl(file)) throw remoteNotSupported(file);
    const absolute = path.isAbsolute(file) ? file : path.join(this.root, file);
    if (this.restrictor === 'LoadRestrictionsNone') return absolute;
    let real: string;
    try {
      real = await realpath(absolute);
    } catch (err) {
      throw new KustomizeError(`evalsymlink failure on '${absolute}' : ${fsMessage(err)}`);
    }
    const info = await stat(real);
    if (info.isDirectory()) throw new KustomizeError(`'${absolute}' must resolve to a file`);
    if (!isUnder(path.dirname(real), this.root)) throw new KustomizeError(`security; file '${absolute}' is not in or below '${this.root}'`);
    return real;
  }

  /** Whether `file` names a readable regular file under the restriction. */
  async isFile(file: string): Promise<boolean> {
    try {
      const resolved = await this.resolve(file);
      return (await stat(resolved)).isFile();
    } catch {
      return false;
    }
  }

  /** Reads a file the kustomization names (bounded in size). */
  async load(file: string): Promise<Buffer> {
    const resolved = await this.resolve(file);
    if (++this.budget.files > this.limits.maxFiles) throw new KustomizeError(`the build reads more than ${this.limits.maxFiles} files`);
    let info;
    try {
      info = await stat(resolved);
    } catch (err) {
      throw new KustomizeError(`evalsymlink failure on '${resolved}' : ${fsMessage(err)}`);
    }
    if (info.isDirectory()) throw new KustomizeError(`read ${resolved}: is a directory`);
    const tooLarge = new KustomizeError(`'${resolved}' is larger than ${this.limits.maxFileBytes} bytes`);
    if (info.size > this.limits.maxFileBytes) throw tooLarge;
    try {
      // Bounded as it is read too: a device or FIFO reports no size.
      return await readFileLimited(resolved, { bytes: this.limits.maxFileBytes, what: 'a kustomize file' });
    } catch (err) {
      if (err instanceof TooLargeError) throw tooLarge;
      throw new KustomizeError(fsMessage(err));
    }
  }

  /** A path relative to the working directory of the build, for messages. */
  display(file: string): string {
    return path.isAbsolute(file) ? file : path.join(this.root, file);
  }
}

async function confirmDir(shown: string, absolute: string): Promise<string> {
  let real: string;
  try {
    real = await realpath(absolute);
  } catch (err) {
    throw new KustomizeError(`must build at directory: not a valid directory: evalsymlink failure on '${shown}' : ${fsMessage(err)}`);
  }
  const info = await stat(real);
  if (!info.isDirectory()) throw new KustomizeError(`must build at directory: '${real}': file is not directory`);
  return real;
}
