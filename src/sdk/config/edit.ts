/**
 * Changing config files as kubectl's `ModifyConfig` does, safely under concurrency: lock every file
 * of the precedence list, re-read them, apply the caller's change to the merged configuration,
 * then write each changed entry back to the file it came from (a new entry to the default file),
 * each file atomically.
 */
import { isDeepStrictEqual } from 'node:util';
import { ConfigError } from '../errors.js';
import { writeFileAtomic } from './atomic-write.js';
import { configToYaml } from './encode.js';
import { loadFromAccess, readConfigFile } from './load.js';
import { acquireLock } from './lock.js';
import type { LockOptions, ReleaseLock } from './lock.js';
import { defaultFilename, ioPath, originDir, relativizeCluster, relativizeUser } from './paths.js';
import type { ClusterEntry, ConfigAccess, ConfigFile, ConfigModel, EntryKind, LoadedConfig, UserEntry } from './types.js';

/** Options of {@link editConfig}. */
export interface EditOptions {
  /**
   * Rewrite the file paths of changed clusters and users relative to the file they are written to
   * when they lie below its directory (what `set-cluster`, `set-credentials`, `use-context` and
   * the delete commands do; `config set` does not). Default true.
   */
  relativizePaths?: boolean | undefined;
  /** Lock waiting and stale-lock settings. */
  lock?: LockOptions | undefined;
  /** Test seam passed to the atomic writer. */
  beforeRename?: ((tempFile: string) => Promise<void>) | undefined;
}

/** What {@link editConfig} did. */
export interface EditResult {
  /** The merged configuration after the change. */
  config: ConfigModel;
  /** Files written (empty when the change changed nothing). */
  written: string[];
}

/** The function that changes the configuration; it may throw to abort (nothing is written). */
export type ConfigMutation = (config: ConfigModel, current: LoadedConfig) => void | Promise<void>;

const KINDS: readonly EntryKind[] = ['clusters', 'contexts', 'users'];

async function lockAll(access: ConfigAccess, options: LockOptions | undefined): Promise<ReleaseLock[]> {
  // Always in the same order, so that two writers of overlapping lists cannot deadlock.
  const files = [...new Set(access.precedence.map((f) => ioPath(access, f)))].sort();
  const releases: ReleaseLock[] = [];
  try {
    for (const f of files) releases.push(await acquireLock(f, options));
  } catch (err) {
    await Promise.all(releases.map((r) => r()));
    throw err;
  }
  return releases;
}

class PendingWrites {
  readonly docs = new Map<string, ConfigFile>();
  readonly dirty = new Set<string>();

  constructor(
    private readonly access: ConfigAccess,
    current: LoadedConfig,
  ) {
    for (const f of current.files) this.docs.set(f.path, f);
  }

  async doc(file: string): Promise<ConfigFile> {
    let doc = this.docs.get(file);
    if (doc === undefined) {
      doc = await readConfigFile(this.access, file);
      this.docs.set(file, doc);
    }
    return doc;
  }

  async change(file: string, apply: (model: ConfigModel) => void): Promise<void> {
    apply((await this.doc(file)).model);
    this.dirty.add(file);
  }
}

async function writeCurrentContext(access: ConfigAccess, current: LoadedConfig, pending: PendingWrites, value: string): Promise<void> {
  if (access.explicitPath !== undefined || value !== '') {
    const file = access.explicitPath ?? defaultFilename(access);
    await pending.change(file, (m) => {
      m.currentContext = value;
    });
    return;
  }
  // Clearing: clear it where it is set (the first existing file that sets it).
  const setter = current.files.find((f) => f.exists && f.model.currentContext !== '');
  if (setter === undefined) throw new ConfigError('no config found to write context');
  await pending.change(setter.path, (m) => {
    m.currentContext = '';
  });
}

async function writePreferences(access: ConfigAccess, pending: PendingWrites, value: ConfigModel['preferences']): Promise<void> {
  const candidates = access.explicitPath !== undefined ? [access.explicitPath] : access.precedence;
  for (const file of candidates) {
    const doc = await pending.doc(file);
    if (access.explicitPath !== undefined || !isDeepStrictEqual(doc.model.preferences, value)) {
      await pending.change(file, (m) => {
        m.preferences = structuredClone(value);
      });
      return;
    }
  }
  throw new ConfigError('no config found to write preferences');
}

/**
 * Applies `mutate` to the configuration of `target` and writes the result back, as kubectl does:
 *
 * - `current-context`: to the explicit file, else to the default file (the first existing file
 *   of the list, else the last one); clearing it clears it where it is set;
 * - a changed entry: back to the file it came from (an entry renamed or replaced keeps its file);
 * - a new entry: to the default file; a deleted entry: removed from its file.
 *
 * Every file of the precedence list is locked (`<file>.lock`) for the whole read-modify-write, and
 * the configuration `mutate` sees is re-read under the lock, so concurrent writers lose nothing.
 * Each changed file is replaced atomically with mode 0600; fields this version does not know are
 * kept. If `mutate` throws, nothing is written.
 */
export async function editConfig(target: LoadedConfig | ConfigAccess, mutate: ConfigMutation, options: EditOptions = {}): Promise<EditResult> {
  const access = 'access' in target ? target.access : target;
  const releases = await lockAll(access, options.lock);
  try {
    const current = await loadFromAccess(access);
    const next = structuredClone(current.config);
    // Entries keep the file they came from through renames and moves: remember them by identity.
    const originOf = new WeakMap<object, string>();
    for (const kind of KINDS) {
      for (const [name, entry] of next[kind] as Map<string, object>) {
        const origin = current.origins[kind].get(name);
        if (origin !== undefined) originOf.set(entry, origin);
      }
    }
    await mutate(next, current);

    const pending = new PendingWrites(access, current);
    const relativize = options.relativizePaths ?? true;
    if (next.currentContext !== current.config.currentContext) await writeCurrentContext(access, current, pending, next.currentContext);
    if (!isDeepStrictEqual(next.preferences, current.config.preferences)) await writePreferences(access, pending, next.preferences);
    for (const kind of KINDS) {
      const before = current.config[kind] as Map<string, object>;
      const after = next[kind] as Map<string, object>;
      for (const [name, entry] of after) {
        const old = before.get(name);
        if (old !== undefined && isDeepStrictEqual(old, entry)) continue;
        const file = originOf.get(entry) ?? current.origins[kind].get(name) ?? defaultFilename(access);
        const copy = structuredClone(entry);
        if (relativize && kind === 'clusters') relativizeCluster(copy as ClusterEntry, originDir(access, file));
        if (relativize && kind === 'users') relativizeUser(copy as UserEntry, originDir(access, file));
        await pending.change(file, (m) => (m[kind] as Map<string, object>).set(name, copy));
      }
      for (const name of before.keys()) {
        if (after.has(name)) continue;
        const file = current.origins[kind].get(name) ?? defaultFilename(access);
        await pending.change(file, (m) => (m[kind] as Map<string, object>).delete(name));
      }
    }
    // Encode everything first, so that a failure leaves every file as it was.
    const texts = [...pending.dirty].map((file) => {
      const doc = pending.docs.get(file) as ConfigFile;
      return { file, text: configToYaml(doc.model, { keepUnknown: true, extra: doc.extra }) };
    });
    // A writer that stalled past the heartbeat window may have lost its lock: then write nothing.
    for (const release of releases) await release.assertHeld();
    for (const { file, text } of texts) {
      await writeFileAtomic(ioPath(access, file), text, options.beforeRename === undefined ? {} : { beforeRename: options.beforeRename });
    }
    return { config: next, written: texts.map((t) => t.file) };
  } finally {
    await Promise.all(releases.map((r) => r()));
  }
}
